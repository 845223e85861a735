/** The checkout screen (spec §4 Checkout): renders CheckoutViewModel and forwards events. */
import { observer } from 'mobx-react-lite';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DEFAULT_LOCALE, localized } from '../../core/cart/cart';
import { expiryYearOptions } from '../../core/checkout/card';
import type { PaymentMethod } from '../../core/checkout/checkout';
import type { AddressForm } from '../../core/checkout/checkout-form';
import { summarizeCart } from '../../core/cart/summary';
import { formatMoney, money } from '../../core/shared/money';
import { Field } from '../auth/field';
import '../auth/auth.css';
import { DEPOSIT_CHOICES, type CheckoutViewModel } from './checkout-view-model';
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

const TABS: readonly { method: PaymentMethod; label: string }[] = [
  { method: 'card', label: 'Card' },
  { method: 'paypal', label: 'PayPal' },
  { method: 'finance', label: 'Finance' },
];

const usd = (cents: number): string => formatMoney(money(cents));

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

const Select = ({
  label,
  value,
  options,
  error,
  onValue,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  onValue: (value: string) => void;
}) => {
  const id = useId();
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
};

const CardFields = observer(({ vm, now }: { vm: CheckoutViewModel; now: number }) => (
  <div className="checkout__card">
    <Field
      label="Name on card"
      autoComplete="cc-name"
      value={vm.card.holderName}
      error={vm.cardErrors.holderName}
      onValue={(v) => vm.setCardField('holderName', v)}
    />
    <Field
      label="Card number"
      autoComplete="cc-number"
      inputMode="numeric"
      value={vm.card.number}
      error={vm.cardErrors.number}
      hint={vm.cardBrand === null ? null : `Card type: ${vm.cardBrand}`}
      onValue={(v) => vm.setCardField('number', v)}
    />
    <Select
      label="Expiry month"
      value={vm.card.expiryMonth}
      error={vm.cardErrors.expiryMonth}
      options={[
        { value: '', label: 'Month' },
        ...MONTHS.map((m) => ({ value: String(m), label: String(m).padStart(2, '0') })),
      ]}
      onValue={(v) => vm.setCardField('expiryMonth', v)}
    />
    <Select
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
          ? `Pay ${usd(vm.totalCents)} over 12 months.`
          : 'Finance is available for orders from $350 to $15,000.'}
      </p>
      <Select
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

const Review = observer(({ vm }: { vm: CheckoutViewModel }) => {
  const cart = vm.cart;
  if (cart === null) return null;
  const totals = summarizeCart(cart).cents;
  return (
    <section className="checkout__review" aria-labelledby="checkout-review">
      <h2 id="checkout-review">Review</h2>
      <ul>
        {cart.lineItems.map((line) => (
          <li key={line.id}>
            {localized(line.name, DEFAULT_LOCALE)} × {line.quantity}
          </li>
        ))}
      </ul>
      <dl>
        <dt>Subtotal</dt>
        <dd>{usd(totals.subtotal)}</dd>
        {totals.totalPromotions > 0 && (
          <>
            <dt>Discounts</dt>
            <dd>-{usd(totals.totalPromotions)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd>{usd(totals.estimatedShipping)}</dd>
        <dt>Tax</dt>
        <dd>{usd(totals.estimatedTax)}</dd>
        <dt>Total</dt>
        <dd>{usd(totals.estimatedTotal)}</dd>
      </dl>
    </section>
  );
});

export const CheckoutView = observer(
  ({ vm, now, onPlaced }: { vm: CheckoutViewModel; now: number; onPlaced: () => void }) => {
    if (vm.cart === null || vm.isEmpty) {
      return (
        <main id="main" className="page checkout">
          <h1>Checkout</h1>
          <p>{vm.cart === null ? 'Loading your cart…' : 'Your cart is empty.'}</p>
          <Link to="/en/cart">Back to cart</Link>
        </main>
      );
    }
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void vm.place().then((order) => {
        if (order !== null) onPlaced();
      });
    };
    return (
      <main id="main" className="page checkout">
        <title>Checkout — Lavabo</title>
        <h1>Checkout</h1>
        {vm.notice && <p role="status">{vm.notice}</p>}
        {vm.error && (
          <p role="alert" className="checkout__error">
            {vm.error}
          </p>
        )}
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend>Contact and shipping address</legend>
            {ADDRESS_FIELDS.map(({ field, label, auto }) => (
              <Field
                key={field}
                label={label}
                autoComplete={auto}
                value={vm.address[field]}
                error={vm.addressErrors[field]}
                onValue={(v) => vm.setAddressField(field, v)}
              />
            ))}
            <Select
              label="Country"
              value={vm.address.country}
              error={vm.addressErrors.country}
              options={[
                { value: 'US', label: 'United States' },
                { value: 'CA', label: 'Canada' },
              ]}
              onValue={(v) => vm.setAddressField('country', v)}
            />
            <button type="button" disabled={vm.busy} onClick={() => void vm.quoteShipping()}>
              Continue to shipping
            </button>
          </fieldset>
          {vm.methods.length > 0 && (
            <fieldset>
              <legend>Shipping method</legend>
              {vm.methods.map((m) => (
                <label key={m.id} className="checkout__method">
                  <input
                    type="radio"
                    name="shipping-method"
                    value={m.id}
                    checked={vm.methodId === m.id}
                    disabled={vm.busy}
                    onChange={() => void vm.chooseMethod(m.id)}
                  />
                  {`${m.label} — ${m.cents === 0 ? 'Free' : usd(m.cents)} (${m.estimatedDays} business days)`}
                </label>
              ))}
              {vm.freeShippingThresholdCents !== null && (
                <p>Free standard shipping on orders over {usd(vm.freeShippingThresholdCents)}.</p>
              )}
            </fieldset>
          )}
          <fieldset>
            <legend>Payment method</legend>
            <div role="tablist" aria-label="Payment method">
              {TABS.map((tab) => (
                <button
                  key={tab.method}
                  type="button"
                  role="tab"
                  aria-selected={vm.paymentMethod === tab.method}
                  onClick={() => vm.setPaymentMethod(tab.method)}
                >
                  {tab.label}
                </button>
              ))}
            </div>
            <div role="tabpanel" aria-label={vm.paymentMethod}>
              <PaymentPanel vm={vm} now={now} />
            </div>
          </fieldset>
          <Review vm={vm} />
          <button type="submit" className="checkout__place" disabled={vm.busy}>
            Place order
          </button>
        </form>
      </main>
    );
  },
);
