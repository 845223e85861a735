/** The checkout screen (spec §4 Checkout): renders CheckoutViewModel and forwards events. */
import { LegalLinks } from '../shell/configured-links';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_LOCALE, localized } from '../../core/cart/cart';
import { expiryYearOptions } from '../../core/checkout/card';
import type { PaymentMethod } from '../../core/checkout/checkout';
import type { AddressForm } from '../../core/checkout/checkout-form';
import { summarizeCart } from '../../core/cart/summary';
import { formatMoney, money, type Cents } from '../../core/shared/money';
import { addressLines, addressOneLine } from '../../core/shared/postal-address';
import { Field, SelectField } from '../auth/field';
import { ErrorSummary } from '../components/error-summary';
import { RadioOption } from '../components/radio-option';
import { RegionField } from '../components/region-field';
import { EmptyState, ErrorState } from '../components/states';
import { useTabs } from '../components/tabs';
import '../auth/auth.css';
import { DEPOSIT_CHOICES, NEW_ADDRESS, type CheckoutViewModel } from './checkout-view-model';
import './checkout.css';

const ADDRESS_FIELDS: readonly { field: keyof AddressForm; label: string; auto: string }[] = [
  { field: 'firstName', label: 'First name', auto: 'given-name' },
  { field: 'lastName', label: 'Last name', auto: 'family-name' },
  { field: 'email', label: 'Email', auto: 'email' },
  { field: 'mobile', label: 'Mobile phone', auto: 'tel' },
  { field: 'streetName', label: 'Street address', auto: 'address-line1' },
  { field: 'addressLine2', label: 'Apartment, suite (optional)', auto: 'address-line2' },
  { field: 'city', label: 'City', auto: 'address-level2' },
  { field: 'state', label: 'State or province', auto: 'address-level1' },
  { field: 'postalCode', label: 'Postal code', auto: 'postal-code' },
];

const CONTACT_FIELDS: readonly (keyof AddressForm)[] = ['firstName', 'lastName', 'email', 'mobile'];

const TABS: readonly { method: PaymentMethod; label: string }[] = [
  { method: 'card', label: 'Card' },
  { method: 'paypal', label: 'PayPal' },
  { method: 'finance', label: 'Finance' },
];

/** An amount in the cart's currency ("$1,234.56", "CA$1,234.56"). */
const price = (vm: CheckoutViewModel, cents: Cents): string =>
  formatMoney(money(cents, vm.currency));

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

const CardFields = observer(({ vm, now }: { vm: CheckoutViewModel; now: number }) => (
  <div className="checkout__card">
    <p className="checkout__accepted">{vm.acceptedCardsText}</p>
    <Field
      id="checkout-card-holderName"
      label="Name on card"
      autoComplete="cc-name"
      value={vm.card.holderName}
      error={vm.cardErrors.holderName}
      onValue={(v) => vm.setCardField('holderName', v)}
    />
    <Field
      id="checkout-card-number"
      label="Card number"
      autoComplete="cc-number"
      inputMode="numeric"
      value={vm.card.number}
      error={vm.cardErrors.number}
      hint={vm.cardBrand === null ? null : `Card type: ${vm.cardBrand}`}
      onValue={(v) => vm.setCardField('number', v)}
    />
    <SelectField
      id="checkout-card-expiryMonth"
      label="Expiry month"
      value={vm.card.expiryMonth}
      error={vm.cardErrors.expiryMonth}
      options={[
        { value: '', label: 'Month' },
        ...MONTHS.map((m) => ({ value: String(m), label: String(m).padStart(2, '0') })),
      ]}
      onValue={(v) => vm.setCardField('expiryMonth', v)}
    />
    <SelectField
      id="checkout-card-expiryYear"
      label="Expiry year"
      value={vm.card.expiryYear}
      error={vm.cardErrors.expiryYear}
      options={[
        { value: '', label: 'Year' },
        ...expiryYearOptions(now).map((y) => ({ value: String(y), label: String(y) })),
      ]}
      onValue={(v) => vm.setCardField('expiryYear', v)}
    />
    <Field
      id="checkout-card-securityCode"
      label="Security code"
      autoComplete="cc-csc"
      inputMode="numeric"
      value={vm.card.securityCode}
      error={vm.cardErrors.securityCode}
      onValue={(v) => vm.setCardField('securityCode', v)}
    />
  </div>
));

const PaymentPanel = observer(({ vm, now }: { vm: CheckoutViewModel; now: number }) => {
  if (vm.paymentMethod === 'card') return <CardFields vm={vm} now={now} />;
  if (vm.paymentMethod === 'paypal') {
    return vm.paypalToken !== null ? (
      <p>PayPal is ready: place your order to pay.</p>
    ) : (
      <button type="button" disabled={vm.busy} onClick={() => void vm.startPaypal()}>
        Continue with PayPal
      </button>
    );
  }
  if (vm.financeApplicationId !== null) return <p>Your 12-month finance plan is approved.</p>;
  return (
    <div className="checkout__finance">
      <p role="status">
        {vm.financeEligible
          ? `Pay ${price(vm, vm.totalCents)} over 12 months.`
          : vm.financeRangeMessage}
      </p>
      <SelectField
        label="Deposit"
        value={String(vm.deposit)}
        options={DEPOSIT_CHOICES.map((d) => ({ value: String(d), label: `${d}%` }))}
        onValue={(v) => vm.setDeposit(Number(v))}
      />
      <button
        type="button"
        disabled={vm.busy || !vm.financeEligible}
        onClick={() => void vm.startFinance()}
      >
        Apply for finance
      </button>
    </div>
  );
});

const CARD_LABELS: Readonly<Record<string, string>> = {
  holderName: 'Name on card',
  number: 'Card number',
  expiryMonth: 'Expiry month',
  expiryYear: 'Expiry year',
  securityCode: 'Security code',
};

/** DESIGN.md: errors inline next to their field and in a summary at the top, each a link to it. */
const CheckoutErrors = observer(({ vm }: { vm: CheckoutViewModel }) => {
  // In the order the fields appear: contact, then the country that heads the shipping address.
  const link = ({ field, label }: (typeof ADDRESS_FIELDS)[number]) => ({
    target: `checkout-${field}`,
    text: `${label}: ${vm.addressErrors[field] ?? ''}`,
  });
  const withError = ADDRESS_FIELDS.filter(({ field }) => vm.addressErrors[field]);
  const contact = withError.filter((f) => CONTACT_FIELDS.includes(f.field)).map(link);
  const shipping = withError.filter((f) => !CONTACT_FIELDS.includes(f.field)).map(link);
  const country = vm.addressErrors.country
    ? [{ target: 'checkout-country', text: `Country: ${vm.addressErrors.country}` }]
    : [];
  const card = Object.entries(vm.cardErrors).map(([field, message]) => ({
    target: `checkout-card-${field}`,
    text: `${CARD_LABELS[field] ?? field}: ${message}`,
  }));
  return (
    <ErrorSummary
      message={vm.error}
      links={[...contact, ...country, ...shipping, ...card]}
      className="checkout__error"
    />
  );
});

/** The tax line until the address on screen is assigned (the cart's "Calculated at checkout"). */
export const TAX_BEFORE_ADDRESS = 'Calculated after address';

const Summary = observer(({ vm }: { vm: CheckoutViewModel }) => {
  const cart = vm.cart;
  if (cart === null) return null;
  const totals = summarizeCart(cart).cents;
  const show = (cents: Cents) => price(vm, cents);
  return (
    <aside className="checkout__summary" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary">Order summary</h2>
      <ul className="checkout__lines">
        {cart.lineItems.map((line) => (
          <li key={line.id}>
            <span>{localized(line.name, DEFAULT_LOCALE)}</span>{' '}
            <span className="checkout__qty">× {line.quantity}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout__totals">
        <dt>Subtotal</dt>
        <dd>{show(totals.subtotal)}</dd>
        {totals.totalPromotions > 0 && (
          <>
            <dt>Discounts</dt>
            <dd>{`\u2212${show(totals.totalPromotions)}`}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd>{show(totals.estimatedShipping)}</dd>
        <dt>Tax</dt>
        <dd>{vm.taxCents === null ? TAX_BEFORE_ADDRESS : show(vm.taxCents)}</dd>
        <dt className="checkout__total">
          {vm.totalToPayCents === null ? 'Estimated total' : 'Total'}
        </dt>
        <dd className="checkout__total">{show(vm.totalCents)}</dd>
      </dl>
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={vm.promoNotice === null ? 'checkout__total-check--empty' : 'checkout__notice'}
      >
        {vm.promoNotice ?? ''}
      </p>
      <Link to="/en/cart">Edit cart</Link>
    </aside>
  );
});

const PAYMENT_NAMES: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card',
  paypal: 'PayPal',
  finance: '12-month finance plan',
};

/**
 * The last step: where it goes, how it ships and how it is paid, before "Place order". "Total to
 * pay" only once the cart holds the address and method (a quote); before that the total is an
 * estimate and says so. When "Place order" found another total to pay, the message is said
 * (aria-live) and focused, next to the new total.
 */
const Review = observer(({ vm }: { vm: CheckoutViewModel }) => {
  // Names alone are not somewhere to ship to.
  const entered = addressLines(vm.address, { name: false }).length > 0;
  const check = useRef<HTMLParagraphElement>(null);
  const count = vm.totalCheckCount;
  useEffect(() => {
    if (count > 0) check.current?.focus();
  }, [count]);
  const toPay = vm.totalToPayCents;
  return (
    <section className="checkout__step" aria-labelledby="checkout-review">
      <h2 id="checkout-review">
        <span className="checkout__step-number">5</span> Review
      </h2>
      <dl className="checkout__review">
        <dt>Ship to</dt>
        <dd>{entered ? addressOneLine(vm.address) : 'Not entered yet'}</dd>
        <dt>Delivery</dt>
        <dd>{vm.deliveryLabel ?? 'Choose after the address'}</dd>
        <dt>Payment</dt>
        <dd>
          {PAYMENT_NAMES[vm.paymentMethod]}
          {vm.paymentMethod === 'card' && vm.cardBrand !== null ? ` (${vm.cardBrand})` : ''}
        </dd>
        <dt>{toPay === null ? 'Estimated total' : 'Total to pay'}</dt>
        <dd id="checkout-total">{price(vm, vm.totalCents)}</dd>
      </dl>
      {toPay === null && (
        <p className="checkout__hint">
          Tax and delivery are added for your address: you see the total to pay before you are
          charged.
        </p>
      )}
      <p
        ref={check}
        role="status"
        aria-live="polite"
        tabIndex={-1}
        className={vm.totalCheck === null ? 'checkout__total-check--empty' : 'checkout__notice'}
      >
        {vm.totalCheck ?? ''}
      </p>
    </section>
  );
});

const SavedAddresses = observer(({ vm }: { vm: CheckoutViewModel }) => {
  if (vm.savedAddresses.length === 0) return null;
  return (
    <div role="radiogroup" aria-label="Saved addresses" className="checkout__saved">
      {vm.savedAddresses.map((a) => (
        <RadioOption
          key={a.id}
          name="saved-address"
          value={a.id}
          checked={vm.savedChoice === a.id}
          className="checkout__method"
          onChoose={() => vm.chooseSavedAddress(a.id)}
        >
          <span>
            {addressOneLine(a)}
            {a.label !== undefined && a.label !== '' && ` (${a.label})`}
            {a.id === vm.savedDefaultId && <span className="checkout__badge">Default</span>}
          </span>
        </RadioOption>
      ))}
      <RadioOption
        name="saved-address"
        value={NEW_ADDRESS}
        checked={vm.savedChoice === NEW_ADDRESS}
        className="checkout__method"
        onChoose={() => vm.chooseSavedAddress(NEW_ADDRESS)}
      >
        Use a new address
      </RadioOption>
    </div>
  );
});

const ShippingMethods = observer(({ vm }: { vm: CheckoutViewModel }) => (
  <div role="radiogroup" aria-label="Shipping method">
    {vm.methods.map((m) => (
      <RadioOption
        key={m.id}
        name="shipping-method"
        value={m.id}
        checked={vm.methodId === m.id}
        disabled={vm.busy}
        className="checkout__method"
        onChoose={() => void vm.chooseMethod(m.id)}
      >
        {`${m.label} — ${m.cents === 0 ? 'Free' : price(vm, m.cents)} (${m.estimatedDays} business days)`}
      </RadioOption>
    ))}
  </div>
));

/** Card, PayPal or finance: tabs over one panel that shows the chosen method's fields. */
const PaymentTabs = observer(({ vm, now }: { vm: CheckoutViewModel; now: number }) => {
  const { tabListProps, tabProps, panelProps } = useTabs({
    keys: TABS.map((t) => t.method),
    selected: vm.paymentMethod,
    onSelect: (method) => vm.setPaymentMethod(method),
    tabId: (method) => `checkout-tab-${method}`,
    panelId: () => 'checkout-payment-panel',
  });
  return (
    <>
      <div aria-label="Payment method" className="checkout__tabs" {...tabListProps}>
        {TABS.map((tab) => (
          <button key={tab.method} {...tabProps(tab.method)}>
            {tab.label}
          </button>
        ))}
      </div>
      <div {...panelProps(vm.paymentMethod)} className="checkout__panel">
        <PaymentPanel vm={vm} now={now} />
      </div>
    </>
  );
});

const Step = ({
  n,
  id,
  title,
  children,
}: {
  n: number;
  id: string;
  title: string;
  children: ReactNode;
}) => (
  <fieldset className="checkout__step" aria-labelledby={id}>
    <h2 id={id}>
      <span className="checkout__step-number">{n}</span> {title}
    </h2>
    {children}
  </fieldset>
);

export const CheckoutView = observer(
  ({ vm, now, onPlaced }: { vm: CheckoutViewModel; now: number; onPlaced: () => void }) => {
    if (vm.cart === null || vm.isEmpty) {
      // Loading, a failed read (retry), or nothing to check out (no cart, or an empty one).
      const app = vm.appCart;
      return (
        <main id="main" className="page checkout">
          <title>Checkout — Lavabo</title>
          <h1>Checkout</h1>
          {app.firstLoad ? (
            <p role="status" aria-busy="true">
              Loading your cart…
            </p>
          ) : app.status === 'failed' && app.cart === null ? (
            <ErrorState
              title="We couldn’t load your cart"
              message="Please check your connection and try again."
              onRetry={() => void app.load()}
            />
          ) : (
            <EmptyState
              title="Your cart is empty"
              action={
                <Link className="button button--primary" to="/en">
                  Continue shopping
                </Link>
              }
            />
          )}
        </main>
      );
    }
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void vm.place().then((order) => {
        if (order !== null) onPlaced();
      });
    };
    const addressField = ({ field, label, auto }: (typeof ADDRESS_FIELDS)[number]) =>
      field === 'state' ? (
        <RegionField
          key={field}
          id={`checkout-${field}`}
          label={label}
          autoComplete={auto}
          value={vm.address[field]}
          options={vm.stateOptions}
          error={vm.addressErrors[field]}
          onValue={(v) => vm.setAddressField(field, v)}
        />
      ) : (
        <Field
          key={field}
          id={`checkout-${field}`}
          label={label}
          autoComplete={auto}
          value={vm.address[field]}
          error={vm.addressErrors[field]}
          {...(field === 'postalCode'
            ? { hint: vm.postalCodeHint, onBlur: () => void vm.postalCodeDone() }
            : {})}
          onValue={(v) => vm.setAddressField(field, v)}
        />
      );
    return (
      <main id="main" className="page checkout">
        <title>Checkout — Lavabo</title>
        <h1>Checkout</h1>
        {vm.isAssociateOrder && (
          <p className="checkout__associate" role="note">
            You are entering this order as a sales associate: it is recorded as an in-store (ISC)
            order under your associate id.
          </p>
        )}
        {vm.notice && (
          <p role="status" className="checkout__notice">
            {vm.notice}
          </p>
        )}
        <CheckoutErrors vm={vm} />
        <div className="checkout__layout">
          <form onSubmit={submit} noValidate className="checkout__form">
            <Step n={1} id="checkout-contact" title="Contact">
              {ADDRESS_FIELDS.filter((f) => CONTACT_FIELDS.includes(f.field)).map(addressField)}
            </Step>
            <Step n={2} id="checkout-shipping" title="Shipping address">
              <SavedAddresses vm={vm} />
              {/* The country first: it decides the states or provinces and the postal code's form. */}
              <SelectField
                id="checkout-country"
                label="Country"
                autoComplete="country"
                value={vm.address.country}
                error={vm.addressErrors.country}
                options={[
                  { value: 'US', label: 'United States' },
                  { value: 'CA', label: 'Canada' },
                ]}
                onValue={(v) => vm.setAddressField('country', v)}
              />
              {ADDRESS_FIELDS.filter((f) => !CONTACT_FIELDS.includes(f.field)).map(addressField)}
              {vm.canSaveAddress && (
                <label className="checkout__method">
                  <input
                    type="checkbox"
                    checked={vm.saveAddress}
                    onChange={(e) => vm.setSaveAddress(e.target.checked)}
                  />
                  Save this address to my account
                </label>
              )}
              <button
                type="button"
                className="checkout__secondary"
                disabled={vm.busy}
                onClick={() => void vm.quoteShipping()}
              >
                Continue to shipping
              </button>
            </Step>
            <Step n={3} id="checkout-delivery" title="Delivery method">
              {vm.methods.length === 0 ? (
                <p className="checkout__hint">
                  {vm.status === 'quoting'
                    ? 'Finding delivery options…'
                    : 'Enter your address to see delivery options and costs.'}
                </p>
              ) : (
                <ShippingMethods vm={vm} />
              )}
              {vm.freeShippingThresholdCents !== null && (
                <p className="checkout__hint">
                  Free standard shipping on orders over {price(vm, vm.freeShippingThresholdCents)}.
                </p>
              )}
              {vm.splitNotice !== null && (
                <p className="checkout__split" role="note">
                  {vm.splitNotice}
                </p>
              )}
            </Step>
            <Step n={4} id="checkout-payment" title="Payment">
              <PaymentTabs vm={vm} now={now} />
            </Step>
            <Review vm={vm} />
            <button
              type="submit"
              className="checkout__place"
              disabled={vm.busy}
              aria-busy={vm.status === 'placing' ? true : undefined}
            >
              Place order
            </button>
            <div className="checkout__legal">
              <p>Before you order, you may read:</p>
              <LegalLinks className="checkout__legal-list" />
            </div>
          </form>
          <Summary vm={vm} />
        </div>
      </main>
    );
  },
);
