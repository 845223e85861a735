/**
 * The checkout screen's state (spec §4 Checkout): contact and shipping address, shipping method,
 * payment by card, PayPal or the 12-month finance plan, and "Place order". The workflow itself —
 * quote shipping for the address, choose a method, pay, place the order, remember the address — is
 * core's use cases (core/checkout/, resolved from the container); this holds what the screen shows
 * and forwards the shopper's steps to them.
 *
 * "Total to pay" is shown only from a quote: the cart version the server priced with this address
 * and method (issue 11, docs/rules.md "What is shown is what is charged"). Before that the total is
 * an estimate, and "Place order" first gets the quote and, when the total is not the one on screen,
 * shows it (focus and a live message) and asks the shopper to press again. What the shopper typed
 * stays in the form whatever fails. A placement keeps one idempotency key until it succeeds, and a
 * second press while one is in flight does nothing, so one order comes of it. Returning from PayPal
 * (paypal=approved&token=…) or finance (paydiv=success|failure&application=…) picks that payment.
 */
import { DEFAULT_FIELD_RULES, type FieldRules } from '../../core/validation/field-patterns';
import { makeAutoObservable, runInAction } from 'mobx';
import {
  assistPostalCode,
  type CheckPostalCode,
  type CityAndState,
} from '../stores/postal-code-assist';
import { addressToCheckoutForm } from '../../core/account/address-book';
import type { Address } from '../../core/account/addresses';
import { SHIPPING_METHOD_TERMS, type Cart } from '../../core/cart/cart';
import { codesDroppedByExpedited } from '../../core/cart/dropped-codes';
import type { ActiveCartStore } from '../../core/cart/ports';
import { summarizeCart } from '../../core/cart/summary';
import {
  acceptedCardBrands,
  CARD_BRAND_NAMES,
  detectCardBrand,
  listCardBrands,
  type CardBrand,
} from '../../core/checkout/card';
import type {
  CheckoutAddress,
  OrderSubmission,
  PaymentMethod,
  PaymentRequest,
  ShippingMethod,
  ShippingMethodId,
  SplitCheck,
} from '../../core/checkout/checkout';
import {
  EMPTY_ADDRESS_FORM,
  EMPTY_CARD_FORM,
  validateAddress,
  validateCard,
  type AddressForm,
  type CardForm,
} from '../../core/checkout/checkout-form';
import type { CheckoutError } from '../../core/checkout/checkout-errors';
import {
  isQuoteFor,
  quotedTaxCents,
  quoteFromCart,
  shownTotalOf,
  type CheckoutQuote,
} from '../../core/checkout/checkout-quote';
import type { CheckoutUseCases } from '../../core/checkout/checkout-use-cases';
import { isFinanceEligible, parseFinanceReturn } from '../../core/checkout/finance';
import { financeCartOf } from '../../core/checkout/finance-cart';
import type { CheckoutAddressBook } from '../../core/checkout/list-checkout-addresses';
import { splitNotice } from '../../core/checkout/split-notice';
import type { Order } from '../../core/orders/order';
import { DEFAULT_CURRENCY, formatMoney, money, type Cents } from '../../core/shared/money';
import { PAYMENT_AMOUNT_MAX_CENTS, PAYMENT_AMOUNT_MIN_CENTS } from '../../core/validation/amounts';
import type { FieldValidation } from '../../core/validation/field-validation';
import { isRegionOf } from '../../core/validation/regions';
import {
  regionOptions,
  type ConfiguredRegion,
  type RegionOption,
} from '../components/region-options';
import type { Notify } from '../shell/toaster';

export const DEPOSIT_CHOICES: readonly number[] = [0, 10, 20, 30];
export const FINANCE_PLAN_ID = 'LAVABO-12M';

export const CHECKOUT_MESSAGES = {
  declined: 'Your card was declined. Please check the details or use another card.',
  outOfStock: (skus: readonly string[]) =>
    `Some items are no longer in stock: ${skus.join(', ')}. Please update your cart.`,
  staleCart: 'Your cart changed in another window. Please review it and place the order again.',
  failed: 'We could not place your order. Please try again.',
  emptyCart: 'Your cart is empty.',
  paypalApproved: 'PayPal approved your payment. Review your order and place it.',
  paypalCancelled: 'You cancelled the PayPal payment. Choose a payment method to continue.',
  paypalMissing: 'Please continue with PayPal first.',
  paypalAgain:
    'PayPal has not approved your cart as it is now (it may have changed). Please continue with PayPal again.',
  financeAgain:
    'Your finance approval does not cover your cart as it is now (it may have changed). Please apply again.',
  financeApproved: 'Your finance application was approved. Review your order and place it.',
  financeDeclined: 'Your finance application was declined. Please choose another payment method.',
  financeMissing: 'Please apply for finance first.',
  fixFields: 'Please check the highlighted fields.',
  /** The total to pay is not the one the shopper saw when pressing "Place order". */
  confirmTotal: (total: string) =>
    `Your total to pay is ${total}, with tax and delivery for your address. Please check it and press Place order again.`,
} as const;

/** Why a shipping code left the cart when the shopper chose expedited; null when none did. */
export const droppedCodesMessage = (codes: readonly string[]): string | null => {
  if (codes.length === 0) return null;
  const names =
    codes.length === 1 ? codes[0] : `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}`;
  const [verb, takes, it] =
    codes.length === 1 ? ['was', 'it takes', 'it'] : ['were', 'they take', 'them'];
  return `${names} ${verb} removed from your order: ${takes} off standard shipping only, and you chose expedited shipping. To use ${it}, choose standard shipping and apply ${it} again in your cart.`;
};

export interface CheckoutCart {
  /** The shopper's cart as the app knows it; null before the first read, or when there is none. */
  readonly cart: Cart | null;
  /** The first read has not answered yet. */
  readonly firstLoad: boolean;
  /** 'failed' when the last read failed. */
  readonly status: string;
  load(): Promise<void>;
}

export interface CheckoutDeps {
  readonly cart: CheckoutCart;
  readonly store: Pick<ActiveCartStore, 'clear'>;
  /** Checkout's workflow (core/checkout/checkout-use-cases.ts), resolved from the container. */
  readonly useCases: CheckoutUseCases;
  readonly now: () => number;
  /** Sends the browser to a payment provider. */
  readonly redirect: (url: string) => void;
  readonly newKey: () => string;
  /** The storefront's origin, for the finance provider's return addresses. */
  readonly origin: string;
  /** The configuration's card types (spec §3 configured lists); read when needed, it may load late. */
  readonly cardTypes: () => readonly string[];
  /** A signed-in sales associate is entering this order for a customer (order type ISC). */
  readonly isAssociate: () => boolean;
  /** The signed-in customer's e-mail; null for a guest. */
  readonly customerEmail: () => string | null;
  /**
   * The configuration's states and provinces (spec §3 configured lists); read when needed, it may
   * load late. None configured: the state is typed.
   */
  readonly regions?: () => readonly ConfiguredRegion[];
  /** The postal-code check with the zip lookup (ui/stores/postal-code-assist.ts), when offered. */
  readonly checkPostalCode?: CheckPostalCode;
  /** The shell's toaster (ui/shell/toaster.ts), for spec §8's visible toasts. */
  readonly notify?: Notify;
  /** The configured pattern map and condition messages (spec §5), read when the address is checked. */
  readonly rules?: () => FieldRules;
}

/** Spec §8 visible toast: the address (and so the shipping quote) could not be assigned. */
export const SET_SHIPPING_ADDRESS_FAILED = 'Failed to set Shipping address';

/** The choice in the saved-address list: one saved address's id, or a new address. */
export const NEW_ADDRESS = 'new';

/** Fields that say where the parcel goes: typing in one means a new address. */
const PLACE_FIELDS: readonly (keyof AddressForm)[] = [
  'streetName',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
];

type Status = 'idle' | 'quoting' | 'placing' | 'redirecting';

const messagesOf = (failures: readonly FieldValidation[]): Record<string, string> =>
  Object.fromEntries(failures.map((f) => [f.field, f.message ?? '']));

const formOf = (a: object): AddressForm => ({
  ...EMPTY_ADDRESS_FORM,
  ...Object.fromEntries(
    Object.entries(a).filter(([k, v]) => k in EMPTY_ADDRESS_FORM && typeof v === 'string'),
  ),
});

const quietAddress = (
  form: AddressForm,
  rules: FieldRules = DEFAULT_FIELD_RULES,
): CheckoutAddress | null => {
  const result = validateAddress(form, rules.messages, rules.patterns);
  return result.ok ? result.value : null;
};

export class CheckoutViewModel {
  address: AddressForm = EMPTY_ADDRESS_FORM;
  card: CardForm = EMPTY_CARD_FORM;
  addressErrors: Record<string, string> = {};
  cardErrors: Record<string, string> = {};
  paymentMethod: PaymentMethod = 'card';
  paypalToken: string | null = null;
  financeApplicationId: string | null = null;
  deposit = DEPOSIT_CHOICES[1] ?? 0;
  status: Status = 'idle';
  error: string | null = null;
  notice: string | null = null;
  order: Order | null = null;
  /**
   * The last quote: a cart version with the address and method assigned. Shown as the total to
   * pay only while it is for the cart and the address on screen (currentQuote).
   */
  quote: CheckoutQuote | null = null;
  /** The method the shopper picked on this visit; until then the cart's own method stands. */
  pickedMethodId: ShippingMethodId | null = null;
  /** The signed-in customer's address book as checkout reads it; null for a guest. */
  book: CheckoutAddressBook | null = null;
  /** Which saved address fills the form, or NEW_ADDRESS. */
  savedChoice: string = NEW_ADDRESS;
  /** Save a new address to the account once the order is placed. */
  saveAddress = true;
  /**
   * Said (aria-live, next to the discounts) when choosing expedited shipping took a shipping code
   * off the cart: which code, and why. Replaced at the next quote.
   */
  promoNotice: string | null = null;
  /** Said (aria-live, and focused) when the total to pay is not the one the shopper pressed on. */
  totalCheck: string | null = null;
  /** Goes up each time totalCheck is said, so the screen moves focus to it again. */
  totalCheckCount = 0;
  private key: string | null = null;
  /** A quote under way, which "Place order" waits for. */
  private quoting: Promise<CheckoutQuote | null> | null = null;
  /** The shopper has typed into the address: the cart's saved address no longer fills it. */
  private typed = false;
  /** Says that the city and state came from the postal code (the field's live hint). */
  postalCodeHint: string | null = null;
  /** The city and state the postal code filled in last, so a new code may replace only those. */
  private filledFromPostalCode: CityAndState | null = null;

  constructor(private readonly deps: CheckoutDeps) {
    makeAutoObservable<CheckoutViewModel, 'deps' | 'key' | 'quoting' | 'filledFromPostalCode'>(
      this,
      {
        deps: false,
        key: false,
        quoting: false,
        filledFromPostalCode: false,
      },
    );
  }

  /** The shopper left the postal code: fill the city and state it names, or say it is wrong. */
  async postalCodeDone(): Promise<void> {
    const next = await assistPostalCode(this.deps.checkPostalCode, () => ({
      form: this.address,
      errors: this.addressErrors,
      filled: this.filledFromPostalCode,
    }));
    if (next === null) return;
    runInAction(() => {
      this.address = next.form;
      this.addressErrors = next.errors;
      this.filledFromPostalCode = next.filled;
      this.postalCodeHint = next.hint;
    });
  }

  private get useCases(): CheckoutUseCases {
    return this.deps.useCases;
  }

  /** The newest of the app's cart and the cart as checkout's quotes left it. */
  get cart(): Cart | null {
    const app = this.deps.cart.cart;
    const mine = this.quote?.cart ?? null;
    if (mine === null) return app;
    if (app === null || app.id !== mine.id || app.version > mine.version) return app;
    return mine;
  }

  /** The app's cart and its loading state, for the screen's loading, failed and empty states. */
  get appCart(): CheckoutCart {
    return this.deps.cart;
  }

  get isEmpty(): boolean {
    return (this.cart?.lineItems.length ?? 0) === 0;
  }

  /** The address on screen as checkout would send it; null while the form is incomplete. */
  get formAddress(): CheckoutAddress | null {
    return quietAddress(this.address, this.deps.rules?.());
  }

  /** The quote for the cart and address on screen, or null (then totals are estimates). */
  get currentQuote(): CheckoutQuote | null {
    const quote = this.quote;
    return isQuoteFor(quote, this.cart, this.formAddress) ? quote : null;
  }

  /** "Total to pay": what an order placed now is charged; null until the address is assigned. */
  get totalToPayCents(): Cents | null {
    return this.currentQuote?.totalCents ?? null;
  }

  /** The tax the total to pay includes; null until the address on screen is assigned. */
  get taxCents(): Cents | null {
    return quotedTaxCents(this.currentQuote);
  }

  /** The cart's own estimate (no tax or delivery for an address it does not hold yet). */
  get estimatedTotalCents(): Cents {
    const cart = this.cart;
    return cart === null ? 0 : summarizeCart(cart).cents.estimatedTotal;
  }

  /** The total on screen: the total to pay once quoted, else the estimate. */
  get totalCents(): Cents {
    return this.totalToPayCents ?? this.estimatedTotalCents;
  }

  get methods(): readonly ShippingMethod[] {
    return this.currentQuote?.methods ?? [];
  }

  get methodId(): ShippingMethodId {
    return this.currentQuote?.methodId ?? this.pickedMethodId ?? 'standard';
  }

  /** The delivery the total to pay includes; null until quoted. */
  get deliveryLabel(): string | null {
    const quote = this.currentQuote;
    if (quote === null) return null;
    const offered = quote.methods.find((m) => m.id === quote.methodId);
    return offered?.label ?? SHIPPING_METHOD_TERMS[quote.methodId].label;
  }

  get freeShippingThresholdCents(): number | null {
    return this.currentQuote?.freeShippingThresholdCents ?? null;
  }

  /** How the quoted order ships; a split order becomes child orders. */
  get split(): SplitCheck | null {
    return this.currentQuote?.split ?? null;
  }

  /** The signed-in customer's saved addresses that checkout can ship to, default first. */
  get savedAddresses(): readonly Address[] {
    return this.book?.addresses ?? [];
  }

  /** The account's default shipping address. */
  get savedDefaultId(): string | null {
    return this.book?.defaultId ?? null;
  }

  /** The cart's currency: every amount on the screen is shown in it. */
  get currency(): string {
    return this.cart?.currency ?? DEFAULT_CURRENCY;
  }

  /** "Finance is available for orders from $350 to $15,000.", in the cart's currency. */
  get financeRangeMessage(): string {
    const whole = (cents: Cents) => formatMoney(money(cents, this.currency)).replace(/\.00$/, '');
    return `Finance is available for orders from ${whole(PAYMENT_AMOUNT_MIN_CENTS)} to ${whole(PAYMENT_AMOUNT_MAX_CENTS)}.`;
  }

  /** The states or provinces of the form's country to pick from; null when typed as text. */
  get stateOptions(): readonly RegionOption[] | null {
    return regionOptions(this.deps.regions?.() ?? [], this.address.country, this.address.state);
  }

  get financeEligible(): boolean {
    return isFinanceEligible(this.totalCents);
  }

  /** The brands the configured card types accept. */
  get acceptedBrands(): readonly CardBrand[] {
    return acceptedCardBrands(this.deps.cardTypes());
  }

  /** "We accept Visa, Mastercard, American Express and Discover." */
  get acceptedCardsText(): string {
    const brands = this.acceptedBrands;
    return brands.length === 0
      ? 'Card payments are not available at the moment.'
      : `We accept ${listCardBrands(brands)}.`;
  }

  /** The brand of the number typed so far, by name, when it is one the shop accepts. */
  get cardBrand(): string | null {
    const brand = detectCardBrand(this.card.number);
    return brand !== null && this.acceptedBrands.includes(brand) ? CARD_BRAND_NAMES[brand] : null;
  }

  /** Set when the quoted order ships in parts (child orders under one parent number). */
  get splitNotice(): string | null {
    return splitNotice(this.split);
  }

  get isAssociateOrder(): boolean {
    return this.deps.isAssociate();
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  /** Reads the return from a payment provider and fills the address the cart already holds. */
  start(search: URLSearchParams): void {
    this.fillFromCart();
    const paypal = search.get('paypal');
    const token = search.get('token');
    if (paypal === 'approved' && token !== null && token !== '') {
      this.paymentMethod = 'paypal';
      this.paypalToken = token;
      this.notice = CHECKOUT_MESSAGES.paypalApproved;
    } else if (paypal === 'cancelled') {
      this.paymentMethod = 'paypal';
      this.notice = CHECKOUT_MESSAGES.paypalCancelled;
    }
    const finance = parseFinanceReturn(search.get('paydiv'));
    const application = search.get('application');
    if (finance === 'success' && application !== null && application !== '') {
      this.paymentMethod = 'finance';
      this.financeApplicationId = application;
      this.notice = CHECKOUT_MESSAGES.financeApproved;
    } else if (finance !== null) {
      this.paymentMethod = 'finance';
      this.financeApplicationId = null;
      this.error = CHECKOUT_MESSAGES.financeDeclined;
    }
  }

  /**
   * Fills the address form from the cart once it has loaded (after a provider's return). A cart
   * the server already holds the address on is a quote as it stands: its total is the total to pay.
   */
  fillFromCart(): void {
    const cart = this.cart;
    const saved = cart?.shippingAddress;
    if (cart !== null && saved !== undefined && !this.typed) {
      this.address = formOf(saved);
      const address = this.formAddress;
      if (address !== null && this.currentQuote === null) this.quote = quoteFromCart(cart, address);
      return;
    }
    // A saved address filled the form before the cart had loaded: assign it now.
    if (this.savedChoice !== NEW_ADDRESS) void this.assignShownAddress();
  }

  /**
   * Loads the signed-in customer's saved addresses (those in checkout's countries) and, when the
   * cart has no address yet and nothing was typed, fills the form from the default and assigns it
   * to the cart, so the total shown is the total to pay. A failure leaves the form as it is: the
   * shopper can still type an address.
   */
  async loadSavedAddresses(): Promise<void> {
    const email = this.deps.customerEmail();
    const result = await this.useCases.listAddresses.execute(email);
    runInAction(() => {
      this.book = result.ok ? result.value : null;
      if (this.book === null) {
        this.savedChoice = NEW_ADDRESS;
        return;
      }
      const first = this.book.addresses[0];
      if (
        email !== null &&
        first !== undefined &&
        this.cart?.shippingAddress === undefined &&
        !this.typed
      ) {
        this.fillFromSaved(first, email, this.book);
      }
    });
    await this.assignShownAddress();
  }

  private fillFromSaved(
    address: Address,
    email: string,
    names: { readonly firstName?: string | undefined; readonly lastName?: string | undefined } = {},
  ): void {
    const form = addressToCheckoutForm(address, email, {
      ...(names.firstName === undefined ? {} : { firstName: names.firstName }),
      ...(names.lastName === undefined ? {} : { lastName: names.lastName }),
    });
    // What the shopper already typed into the contact fields stays.
    const keep = (field: keyof AddressForm) =>
      this.address[field].trim() !== '' ? this.address[field] : form[field];
    this.address = {
      ...form,
      firstName: keep('firstName'),
      lastName: keep('lastName'),
      email: keep('email'),
      mobile: form.mobile !== '' ? form.mobile : this.address.mobile,
    };
    this.savedChoice = address.id;
    this.addressErrors = {};
  }

  /** Picks a saved address (fills the form and assigns it) or a new one (clears the place). */
  chooseSavedAddress(choice: string): void {
    const saved = this.savedAddresses.find((a) => a.id === choice);
    if (saved !== undefined) {
      this.fillFromSaved(saved, this.deps.customerEmail() ?? this.address.email);
      this.typed = true;
      void this.assignShownAddress();
      return;
    }
    this.savedChoice = NEW_ADDRESS;
    this.typed = true;
    this.address = {
      ...this.address,
      ...Object.fromEntries(PLACE_FIELDS.map((f) => [f, EMPTY_ADDRESS_FORM[f]])),
    };
  }

  /**
   * A complete address on screen that the cart does not hold yet is assigned to it in the
   * background (a saved address chosen): the total to pay shows without "Continue to shipping".
   */
  private async assignShownAddress(): Promise<void> {
    const address = this.formAddress;
    if (address === null || this.currentQuote !== null || this.busy || this.isEmpty) return;
    await this.runQuote(address, false);
  }

  setSaveAddress(save: boolean): void {
    this.saveAddress = save;
  }

  /** A new address is offered for saving to a signed-in customer's account. */
  get canSaveAddress(): boolean {
    return (
      this.deps.customerEmail() !== null && this.book !== null && this.savedChoice === NEW_ADDRESS
    );
  }

  setAddressField(field: keyof AddressForm, value: string): void {
    this.typed = true;
    if (PLACE_FIELDS.includes(field) && this.savedChoice !== NEW_ADDRESS) {
      this.savedChoice = NEW_ADDRESS;
    }
    this.address = { ...this.address, [field]: value };
    if (field === 'postalCode') this.postalCodeHint = null;
    const state = this.address.state.trim().toUpperCase();
    if (field === 'country' && state !== '' && !isRegionOf(value, state)) {
      // A state of one country means nothing in another: the shopper picks again.
      this.address = { ...this.address, state: '' };
    }
    if (this.addressErrors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.addressErrors;
      this.addressErrors = rest;
    }
  }

  setCardField(field: keyof CardForm, value: string): void {
    this.card = { ...this.card, [field]: value };
    if (this.cardErrors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.cardErrors;
      this.cardErrors = rest;
    }
  }

  setPaymentMethod(method: PaymentMethod): void {
    this.paymentMethod = method;
    this.error = null;
  }

  setDeposit(percent: number): void {
    if (DEPOSIT_CHOICES.includes(percent)) this.deposit = percent;
  }

  private checkedAddress(): CheckoutAddress | null {
    const rules = this.deps.rules?.() ?? DEFAULT_FIELD_RULES;
    const result = validateAddress(this.address, rules.messages, rules.patterns);
    this.addressErrors = result.ok ? {} : messagesOf(result.error);
    return result.ok ? result.value : null;
  }

  /** "Continue to shipping": assigns the address, lists the methods and assigns the chosen one. */
  async quoteShipping(): Promise<boolean> {
    const address = this.checkedAddress();
    if (address === null) {
      this.error = CHECKOUT_MESSAGES.fixFields;
      return false;
    }
    return (await this.runQuote(address, true)) !== null;
  }

  /**
   * Runs QuoteShipping for the cart on screen (reading the cart again once when it changed
   * elsewhere). `loud`: a failure is told to the shopper (not for background quotes).
   */
  private runQuote(address: CheckoutAddress, loud: boolean): Promise<CheckoutQuote | null> {
    const run = async (): Promise<CheckoutQuote | null> => {
      const cart = this.cart;
      if (cart === null || cart.lineItems.length === 0) {
        if (loud) runInAction(() => (this.error = CHECKOUT_MESSAGES.emptyCart));
        return null;
      }
      const was = this.status;
      runInAction(() => {
        this.status = was === 'idle' ? 'quoting' : was;
        if (loud) this.error = null;
      });
      try {
        const input = (c: Cart) => ({
          cart: c,
          address,
          ...(this.pickedMethodId === null ? {} : { methodId: this.pickedMethodId }),
        });
        let result = await this.useCases.quoteShipping.execute(input(cart));
        if (!result.ok && result.error.kind === 'stale-cart') {
          await this.deps.cart.load();
          const fresh = this.cart;
          if (fresh !== null) result = await this.useCases.quoteShipping.execute(input(fresh));
        }
        const answer = result;
        runInAction(() => {
          if (answer.ok) this.takeQuote(cart, answer.value);
          else if (loud) this.error = this.messageFor(answer.error);
        });
        if (!answer.ok && loud && answer.error.kind === 'failed') {
          this.deps.notify?.show({ message: SET_SHIPPING_ADDRESS_FAILED, kind: 'error' });
        }
        return answer.ok ? answer.value : null;
      } finally {
        runInAction(() => {
          this.status = was;
        });
      }
    };
    const running = run().finally(() => {
      if (this.quoting === running) this.quoting = null;
    });
    this.quoting = running;
    return running;
  }

  async chooseMethod(methodId: ShippingMethodId): Promise<void> {
    if (this.busy) return;
    this.pickedMethodId = methodId;
    const quote = this.currentQuote;
    if (quote === null) {
      const address = this.formAddress;
      if (address !== null) await this.runQuote(address, true);
      return;
    }
    if (quote.methodId === methodId) return;
    this.status = 'quoting';
    try {
      const result = await this.useCases.chooseShippingMethod.execute(quote, methodId);
      if (result.ok) {
        runInAction(() => {
          this.takeQuote(quote.cart, result.value);
        });
      } else if (result.error.kind === 'stale-cart') {
        await this.deps.cart.load();
        runInAction(() => {
          this.status = 'idle';
        });
        await this.runQuote(quote.address, true);
      } else {
        runInAction(() => {
          this.error = CHECKOUT_MESSAGES.failed;
        });
      }
    } finally {
      runInAction(() => {
        this.status = 'idle';
      });
    }
  }

  /** Keeps a new quote, and says which shipping codes it took off the cart `before` (and why). */
  private takeQuote(before: Cart, quote: CheckoutQuote): void {
    this.quote = quote;
    this.promoNotice = droppedCodesMessage(codesDroppedByExpedited(before, quote.cart));
  }

  /** The quote to pay by: the current one, else one made now for the address on screen. */
  private async readyQuote(): Promise<CheckoutQuote | null> {
    const address = this.checkedAddress();
    if (address === null) {
      this.error = CHECKOUT_MESSAGES.fixFields;
      return null;
    }
    if (this.quoting !== null) await this.quoting;
    return this.currentQuote ?? (await this.runQuote(address, true));
  }

  async startPaypal(): Promise<void> {
    if (this.busy) return;
    const quote = await this.readyQuote();
    if (quote === null) return;
    runInAction(() => {
      this.status = 'redirecting';
    });
    const result = await this.useCases.startPaypal.execute(quote);
    if (result.ok) {
      this.deps.redirect(result.value.approvalUrl);
      return;
    }
    runInAction(() => {
      this.error = CHECKOUT_MESSAGES.failed;
      this.status = 'idle';
    });
  }

  async startFinance(): Promise<void> {
    if (this.busy) return;
    const quote = await this.readyQuote();
    if (quote === null) return;
    if (!isFinanceEligible(quote.totalCents)) {
      runInAction(() => {
        this.error = this.financeRangeMessage;
      });
      return;
    }
    runInAction(() => {
      this.status = 'redirecting';
    });
    const back = `${this.deps.origin}/en/checkout`;
    const result = await this.useCases.applyForFinance.execute({
      cart: financeCartOf(quote.cart, summarizeCart(quote.cart).cents.estimatedShipping),
      applicant: {
        firstName: this.address.firstName,
        lastName: this.address.lastName,
        email: this.address.email,
        phone: this.address.mobile,
      },
      financePlanId: FINANCE_PLAN_ID,
      depositPercentage: this.deposit,
      urls: { merchantRedirectUrl: back, merchantCheckoutUrl: back },
      paymentSource: 'finance',
    });
    if (result.ok) {
      this.deps.redirect(result.value.applicationUrl);
      return;
    }
    runInAction(() => {
      this.status = 'idle';
      this.error =
        result.error.kind === 'provider'
          ? result.error.message
          : result.error.kind === 'ineligible-amount'
            ? this.financeRangeMessage
            : CHECKOUT_MESSAGES.fixFields;
    });
  }

  private payment(): PaymentRequest | null {
    if (this.paymentMethod === 'paypal') {
      if (this.paypalToken === null) this.error = CHECKOUT_MESSAGES.paypalMissing;
      return this.paypalToken === null ? null : { method: 'paypal', paypalToken: this.paypalToken };
    }
    if (this.paymentMethod === 'finance') {
      if (this.financeApplicationId === null) this.error = CHECKOUT_MESSAGES.financeMissing;
      return this.financeApplicationId === null
        ? null
        : { method: 'finance', applicationId: this.financeApplicationId };
    }
    const card = validateCard(this.card, this.deps.now(), { accepted: this.acceptedBrands });
    this.cardErrors = card.ok ? {} : messagesOf(card.error);
    if (!card.ok) this.error = CHECKOUT_MESSAGES.fixFields;
    return card.ok ? { method: 'card', card: card.value } : null;
  }

  /**
   * "Place order": the order, or null with the reason in `error` (or, when the total to pay is
   * not the one on screen, in `totalCheck`) and the form kept. What the screen showed as the
   * total to pay at the press is what PlaceOrder holds the order to.
   */
  async place(): Promise<Order | null> {
    if (this.status === 'placing' || this.status === 'redirecting') return null;
    const current = this.currentQuote;
    const shown: OrderSubmission | null = current === null ? null : shownTotalOf(current);
    this.error = null;
    this.totalCheck = null;
    const address = this.checkedAddress();
    const payment = this.payment();
    if (address === null || payment === null) {
      if (address === null) this.error = CHECKOUT_MESSAGES.fixFields;
      return null;
    }
    if (this.quoting !== null) await this.quoting;
    if (this.busy) return null;
    this.status = 'placing';
    try {
      const quote = this.currentQuote ?? (await this.runQuote(address, true));
      if (quote === null) return null;
      this.key ??= this.deps.newKey();
      const result = await this.useCases.placeOrder.execute({
        quote,
        shown,
        payment,
        idempotencyKey: this.key,
      });
      if (!result.ok) {
        await this.refused(result.error, address);
        return null;
      }
      this.key = null;
      runInAction(() => {
        this.order = result.value;
      });
      // The workflow's last step: a new address the shopper asked to keep goes to their account.
      await this.useCases.rememberAddress.execute({
        book: this.canSaveAddress ? this.book : null,
        address,
        save: this.saveAddress && this.canSaveAddress,
      });
      this.deps.store.clear();
      // The ordered cart is gone: reload in the background, the confirmation does not wait on it.
      void this.deps.cart.load().catch(() => undefined);
      return result.value;
    } finally {
      runInAction(() => {
        this.status = 'idle';
      });
    }
  }

  /**
   * No order was placed. A total the shopper did not see (the cart was only estimated, a price or
   * the cart changed) is quoted afresh when needed and shown to confirm.
   */
  private async refused(error: CheckoutError, address: CheckoutAddress): Promise<void> {
    if (error.kind === 'total-changed' || error.kind === 'stale-cart') {
      const quote = this.currentQuote;
      const known =
        error.kind === 'total-changed' &&
        quote !== null &&
        error.totalCents === quote.totalCents &&
        error.version === quote.cart.version;
      if (!known) {
        // The server priced the cart differently, or it changed: read it and quote it again.
        await this.deps.cart.load();
        runInAction(() => {
          this.quote = null;
        });
        await this.runQuote(address, true);
      }
      runInAction(() => {
        const now = this.currentQuote;
        if (now === null) {
          this.error ??= CHECKOUT_MESSAGES.staleCart;
          return;
        }
        this.totalCheck = CHECKOUT_MESSAGES.confirmTotal(
          formatMoney(money(now.totalCents, this.currency)),
        );
        this.totalCheckCount += 1;
      });
      return;
    }
    runInAction(() => {
      this.error = this.messageFor(error);
    });
  }

  private messageFor(error: CheckoutError): string {
    switch (error.kind) {
      case 'declined':
        return CHECKOUT_MESSAGES.declined;
      case 'out-of-stock':
        return CHECKOUT_MESSAGES.outOfStock(error.skus);
      case 'stale-cart':
      case 'total-changed':
        return CHECKOUT_MESSAGES.staleCart;
      case 'not-quoted':
        return CHECKOUT_MESSAGES.fixFields;
      case 'invalid': {
        // An approval that does not (or no longer) covers this cart: approve again.
        if (error.fields.includes('paypalToken')) {
          this.paypalToken = null;
          this.notice = null;
          return CHECKOUT_MESSAGES.paypalAgain;
        }
        if (error.fields.includes('applicationId')) {
          this.financeApplicationId = null;
          this.notice = null;
          return CHECKOUT_MESSAGES.financeAgain;
        }
        const cardFields = error.fields.filter((f) => f.startsWith('card.'));
        if (cardFields.length > 0) {
          this.cardErrors = Object.fromEntries(
            cardFields.map((f) => [f.slice('card.'.length), error.message]),
          );
        }
        return error.message === '' ? CHECKOUT_MESSAGES.fixFields : error.message;
      }
      case 'failed':
        return CHECKOUT_MESSAGES.failed;
    }
  }
}
