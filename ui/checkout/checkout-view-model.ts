/**
 * The checkout screen's state (spec §4 Checkout): contact and shipping address, shipping method,
 * payment by card, PayPal or the 12-month finance plan, and "Place order". What the shopper typed
 * stays in the form whatever fails. A placement keeps one idempotency key until it succeeds, and a
 * second press while one is in flight does nothing, so one order comes of it. Returning from PayPal
 * (paypal=approved&token=…) or finance (paydiv=success|failure&application=…) picks that payment.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { addressesDefaultFirst, addressToCheckoutForm } from '../../core/account/address-book';
import { addAddress, type Address } from '../../core/account/addresses';
import type { AddressBookGateway } from '../../core/account/ports';
import type { Cart } from '../../core/cart/cart';
import type { ActiveCartStore } from '../../core/cart/ports';
import { summarizeCart } from '../../core/cart/summary';
import type { ApplyForFinance } from '../../core/checkout/apply-for-finance';
import {
  acceptedCardBrands,
  CARD_BRAND_NAMES,
  detectCardBrand,
  listCardBrands,
  type CardBrand,
} from '../../core/checkout/card';
import type {
  CheckoutAddress,
  CheckoutGateway,
  PaymentMethod,
  PaymentRequest,
  ShippingMethod,
  ShippingMethodId,
  SplitCheck,
} from '../../core/checkout/checkout';
import { CHECKOUT_COUNTRIES, type CheckoutCountry } from '../../core/checkout/checkout';
import {
  EMPTY_ADDRESS_FORM,
  EMPTY_CARD_FORM,
  validateAddress,
  validateCard,
  type AddressForm,
  type CardForm,
} from '../../core/checkout/checkout-form';
import { isFinanceEligible, parseFinanceReturn } from '../../core/checkout/finance';
import { financeCartOf } from '../../core/checkout/finance-cart';
import { splitNotice } from '../../core/checkout/split-notice';
import type { PlaceOrder, PlaceOrderError } from '../../core/checkout/place-order';
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
} as const;

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
  readonly gateway: CheckoutGateway;
  readonly placeOrder: PlaceOrder;
  readonly applyForFinance: ApplyForFinance;
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
  /** The customer's saved addresses (absent where the app has no account area). */
  readonly addressBook?: Pick<AddressBookGateway, 'profile' | 'apply'>;
  /**
   * The configuration's states and provinces (spec §3 configured lists); read when needed, it may
   * load late. None configured: the state is typed.
   */
  readonly regions?: () => readonly ConfiguredRegion[];
}

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

export class CheckoutViewModel {
  address: AddressForm = EMPTY_ADDRESS_FORM;
  card: CardForm = EMPTY_CARD_FORM;
  addressErrors: Record<string, string> = {};
  cardErrors: Record<string, string> = {};
  methods: readonly ShippingMethod[] = [];
  methodId: ShippingMethodId = 'standard';
  freeShippingThresholdCents: number | null = null;
  paymentMethod: PaymentMethod = 'card';
  paypalToken: string | null = null;
  financeApplicationId: string | null = null;
  deposit = DEPOSIT_CHOICES[1] ?? 0;
  status: Status = 'idle';
  error: string | null = null;
  notice: string | null = null;
  order: Order | null = null;
  /** How the order will ship, once the address is quoted; a split order becomes child orders. */
  split: SplitCheck | null = null;
  /** The signed-in customer's saved addresses that checkout can ship to, default first. */
  savedAddresses: readonly Address[] = [];
  /** The account's default shipping address. */
  savedDefaultId: string | null = null;
  /** Which saved address fills the form, or NEW_ADDRESS. */
  savedChoice: string = NEW_ADDRESS;
  /** Save a new address to the account once the order is placed. */
  saveAddress = true;
  private bookVersion: number | null = null;
  /** The cart as checkout last changed it (address, shipping); the app's cart until then. */
  private updated: Cart | null = null;
  /** The address the shipping methods were quoted for. */
  private quotedFor: string | null = null;
  private key: string | null = null;
  /** The shopper has typed into the address: the cart's saved address no longer fills it. */
  private typed = false;
  /** The shopper picked a method on this visit; until then the cart's own method stands. */
  private methodPicked = false;

  constructor(private readonly deps: CheckoutDeps) {
    makeAutoObservable<CheckoutViewModel, 'deps' | 'key'>(this, { deps: false, key: false });
  }

  get cart(): Cart | null {
    const app = this.deps.cart.cart;
    const mine = this.updated;
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

  get totalCents(): number {
    const cart = this.cart;
    return cart === null ? 0 : summarizeCart(cart).cents.estimatedTotal;
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

  /** Fills the address form from the cart once it has loaded (after a provider's return). */
  fillFromCart(): void {
    const saved = this.cart?.shippingAddress;
    if (saved !== undefined && !this.typed) this.address = formOf(saved);
  }

  /**
   * Loads the signed-in customer's saved addresses (those in checkout's countries) and, when the
   * cart has no address yet and nothing was typed, fills the form from the default. A failure
   * leaves the form as it is: the shopper can still type an address.
   */
  async loadSavedAddresses(): Promise<void> {
    const email = this.deps.customerEmail();
    const book = this.deps.addressBook;
    if (email === null || book === undefined) {
      this.savedAddresses = [];
      this.savedChoice = NEW_ADDRESS;
      this.bookVersion = null;
      return;
    }
    try {
      const profile = await book.profile();
      runInAction(() => {
        this.bookVersion = profile.version;
        this.savedDefaultId = profile.defaultShippingAddressId ?? null;
        this.savedAddresses = addressesDefaultFirst(profile).filter((a) =>
          CHECKOUT_COUNTRIES.includes(a.country as CheckoutCountry),
        );
        const first = this.savedAddresses[0];
        if (first !== undefined && this.cart?.shippingAddress === undefined && !this.typed) {
          this.fillFromSaved(first, email, profile);
        }
      });
    } catch {
      runInAction(() => {
        this.savedAddresses = [];
      });
    }
  }

  private fillFromSaved(
    address: Address,
    email: string,
    names: { readonly firstName?: string; readonly lastName?: string } = {},
  ): void {
    const form = addressToCheckoutForm(address, email, names);
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

  /** Picks a saved address (fills the form) or a new one (clears where the parcel goes). */
  chooseSavedAddress(choice: string): void {
    const saved = this.savedAddresses.find((a) => a.id === choice);
    if (saved !== undefined) {
      this.fillFromSaved(saved, this.deps.customerEmail() ?? this.address.email);
      this.typed = true;
      return;
    }
    this.savedChoice = NEW_ADDRESS;
    this.typed = true;
    this.address = {
      ...this.address,
      ...Object.fromEntries(PLACE_FIELDS.map((f) => [f, EMPTY_ADDRESS_FORM[f]])),
    };
  }

  setSaveAddress(save: boolean): void {
    this.saveAddress = save;
  }

  /** A new address is offered for saving to a signed-in customer's account. */
  get canSaveAddress(): boolean {
    return (
      this.deps.customerEmail() !== null &&
      this.deps.addressBook !== undefined &&
      this.savedChoice === NEW_ADDRESS
    );
  }

  setAddressField(field: keyof AddressForm, value: string): void {
    this.typed = true;
    if (PLACE_FIELDS.includes(field) && this.savedChoice !== NEW_ADDRESS) {
      this.savedChoice = NEW_ADDRESS;
    }
    this.address = { ...this.address, [field]: value };
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
    const result = validateAddress(this.address);
    this.addressErrors = result.ok ? {} : messagesOf(result.error);
    return result.ok ? result.value : null;
  }

  /** Sends the address, lists the shipping methods and assigns the chosen one. */
  async quoteShipping(): Promise<boolean> {
    const address = this.checkedAddress();
    const cart = this.cart;
    if (address === null) {
      this.error = CHECKOUT_MESSAGES.fixFields;
      return false;
    }
    if (cart === null || cart.lineItems.length === 0) {
      this.error = CHECKOUT_MESSAGES.emptyCart;
      return false;
    }
    const wasBusy = this.status;
    this.status = 'quoting';
    this.error = null;
    try {
      const quote = await this.deps.gateway.shippingCost(cart.id, cart.version, address);
      // Back from PayPal or finance, the cart keeps the method chosen before leaving.
      const wanted = this.methodPicked ? this.methodId : (quote.selectedMethodId ?? this.methodId);
      const methodId = quote.methods.some((m) => m.id === wanted)
        ? wanted
        : (quote.methods[0]?.id ?? this.methodId);
      const assigned = await this.deps.gateway.assignShipping(
        quote.cart.id,
        quote.cart.version,
        methodId,
      );
      runInAction(() => {
        this.methods = quote.methods;
        this.freeShippingThresholdCents = quote.freeShippingThresholdCents;
        this.methodId = methodId;
        this.updated = assigned;
        this.quotedFor = JSON.stringify(address);
      });
      await this.checkSplit(assigned.id);
      return true;
    } catch {
      runInAction(() => {
        this.error = CHECKOUT_MESSAGES.failed;
      });
      await this.deps.cart.load();
      return false;
    } finally {
      runInAction(() => {
        this.status = wasBusy === 'placing' ? 'placing' : 'idle';
      });
    }
  }

  /** How the cart ships; only a notice hangs on it, so a failed check shows nothing. */
  private async checkSplit(cartId: string): Promise<void> {
    try {
      const split = await this.deps.gateway.splitCheck(cartId);
      runInAction(() => {
        this.split = split;
      });
    } catch {
      runInAction(() => {
        this.split = null;
      });
    }
  }

  async chooseMethod(methodId: ShippingMethodId): Promise<void> {
    const cart = this.cart;
    if (cart === null || this.busy) return;
    const previous = this.methodId;
    this.methodId = methodId;
    this.methodPicked = true;
    try {
      const assigned = await this.deps.gateway.assignShipping(cart.id, cart.version, methodId);
      runInAction(() => {
        this.updated = assigned;
      });
    } catch {
      runInAction(() => {
        this.methodId = previous;
        this.error = CHECKOUT_MESSAGES.failed;
      });
    }
  }

  private async readyToPay(): Promise<boolean> {
    const address = this.checkedAddress();
    if (address === null) {
      this.error = CHECKOUT_MESSAGES.fixFields;
      return false;
    }
    if (this.quotedFor === JSON.stringify(address) && this.cart !== null) return true;
    return this.quoteShipping();
  }

  async startPaypal(): Promise<void> {
    if (this.busy || !(await this.readyToPay())) return;
    const cart = this.cart;
    if (cart === null) return;
    runInAction(() => {
      this.status = 'redirecting';
    });
    try {
      const { approvalUrl } = await this.deps.gateway.paypalToken(cart.id);
      this.deps.redirect(approvalUrl);
    } catch {
      runInAction(() => {
        this.error = CHECKOUT_MESSAGES.failed;
        this.status = 'idle';
      });
    }
  }

  async startFinance(): Promise<void> {
    if (this.busy || !(await this.readyToPay())) return;
    const cart = this.cart;
    if (cart === null) return;
    if (!this.financeEligible) {
      runInAction(() => {
        this.error = this.financeRangeMessage;
      });
      return;
    }
    runInAction(() => {
      this.status = 'redirecting';
    });
    const back = `${this.deps.origin}/en/checkout`;
    const result = await this.deps.applyForFinance.execute({
      cart: financeCartOf(cart, summarizeCart(cart).cents.estimatedShipping),
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

  /** "Place order": the order, or null with the reason in `error` and the form kept. */
  async place(): Promise<Order | null> {
    if (this.busy) return null;
    this.error = null;
    const addressOk = this.checkedAddress() !== null;
    const payment = this.payment();
    if (!addressOk || payment === null) {
      if (!addressOk) this.error = CHECKOUT_MESSAGES.fixFields;
      return null;
    }
    this.status = 'placing';
    try {
      if (!(await this.readyToPay())) return null;
      const cart = this.cart;
      if (cart === null) return null;
      this.key ??= this.deps.newKey();
      const result = await this.deps.placeOrder.execute({
        cartId: cart.id,
        version: cart.version,
        payment,
        idempotencyKey: this.key,
      });
      if (!result.ok) {
        runInAction(() => {
          this.error = this.messageFor(result.error);
        });
        if (result.error.kind === 'stale-cart') await this.deps.cart.load();
        return null;
      }
      this.key = null;
      runInAction(() => {
        this.order = result.value;
      });
      this.rememberAddress();
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
   * After an order to a new address, saves that address to the customer's account when asked.
   * In the background: the order is placed whatever happens here.
   */
  private rememberAddress(): void {
    const book = this.deps.addressBook;
    const version = this.bookVersion;
    if (!this.saveAddress || !this.canSaveAddress || book === undefined || version === null) return;
    const a = this.address;
    const update = addAddress(
      { version, addresses: this.savedAddresses },
      {
        firstName: a.firstName.trim(),
        lastName: a.lastName.trim(),
        mobile: a.mobile.trim(),
        streetName: a.streetName.trim(),
        ...(a.addressLine2.trim() === '' ? {} : { addressLine2: a.addressLine2.trim() }),
        city: a.city.trim(),
        state: a.state.trim().toUpperCase(),
        postalCode: a.postalCode.trim(),
        country: a.country,
        isDefault: this.savedAddresses.length === 0,
      },
      'checkout',
    );
    void book.apply(update.version, update.actions).catch(() => undefined);
  }

  private messageFor(error: PlaceOrderError): string {
    switch (error.kind) {
      case 'declined':
        return CHECKOUT_MESSAGES.declined;
      case 'out-of-stock':
        return CHECKOUT_MESSAGES.outOfStock(error.skus);
      case 'stale-cart':
        return CHECKOUT_MESSAGES.staleCart;
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
