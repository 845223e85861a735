import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, type FormEvent, type RefCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CartShippingMethodId } from '../../core/cart/cart';
import type { DerivedLineItem } from '../../core/cart/derive-line-items';
import { formatCartSummary, type PromoCode } from '../../core/cart/summary';
import { knownTaxCents } from '../../core/checkout/checkout-quote';
import { productLinkPath, type ProductLinkConfig } from '../../core/catalog/product-link';
import { useProductLinks } from '../components/product-links';
import { formatMoney, money } from '../../core/shared/money';
import { useRemovalFocus, type RemovalFocus } from '../components/removal-focus';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { maxLineQuantity, type CartPageViewModel } from './cart-page-view-model';
import { UnitPrice } from './line-price';
import './cart.css';

const lineHref = (line: DerivedLineItem, links: ProductLinkConfig): string | null =>
  line.slug === '' || line.category === undefined
    ? null
    : productLinkPath({ category: line.category, slug: line.slug }, links);

const backOrdered = (line: DerivedLineItem): boolean =>
  line.backOrder && line.availableQty !== undefined && line.availableQty < line.quantity;

const QuantityStepper = observer(
  ({ page, line }: { page: CartPageViewModel; line: DerivedLineItem }) => {
    const busy = page.isBusy(line.id);
    const max = maxLineQuantity(line);
    const commit = (value: string) => {
      const quantity = value.trim() === '' ? Number.NaN : Number(value);
      void page.setQuantity(line, quantity);
    };
    // While a change is on its way the controls say they are unavailable (aria-disabled) rather
    // than being disabled, so keyboard focus stays on the button the shopper pressed.
    return (
      <div className="stepper" role="group" aria-label={`Quantity of ${line.name}`}>
        <button
          type="button"
          className="stepper__button"
          aria-label={
            line.quantity <= 1 ? `Remove ${line.name}` : `Decrease quantity of ${line.name}`
          }
          aria-disabled={busy}
          onClick={() => void page.decrement(line)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          key={`${line.quantity}-${page.resetCount}`}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={max}
          step={1}
          aria-label={`Quantity of ${line.name}`}
          defaultValue={line.quantity}
          readOnly={busy}
          aria-busy={busy}
          onBlur={(e) => commit(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit(e.currentTarget.value);
          }}
        />
        <button
          type="button"
          className="stepper__button"
          aria-label={`Increase quantity of ${line.name}`}
          disabled={line.quantity >= max}
          aria-disabled={busy}
          onClick={() => void page.increment(line)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    );
  },
);

const LineNotes = ({ line }: { line: DerivedLineItem }) => {
  const notes: { tone: 'caution' | 'negative'; text: string }[] = [];
  if (line.outOfStock) {
    notes.push({
      tone: 'negative',
      text:
        line.availableQty !== undefined && line.availableQty > 0
          ? `Out of stock — only ${line.availableQty} available. Lower the quantity to check out.`
          : 'Out of stock. Remove it to check out.',
    });
  }
  if (backOrdered(line)) {
    notes.push({
      tone: 'caution',
      text:
        line.leadTime === undefined
          ? 'Back-ordered — ships when back in stock.'
          : `Back-ordered — ships in ${line.leadTime}.`,
    });
  }
  if (line.noShipping) {
    notes.push({ tone: 'negative', text: 'Can’t be shipped to your address.' });
  }
  if (notes.length === 0) return null;
  return (
    <ul className="cart-line__notes">
      {notes.map((n) => (
        <li key={n.text} className={`cart-line__note cart-line__note--${n.tone}`}>
          {n.text}
        </li>
      ))}
    </ul>
  );
};

const LineItem = observer(
  ({
    page,
    line,
    currency,
    focus,
  }: {
    page: CartPageViewModel;
    line: DerivedLineItem;
    currency: string;
    focus: RemovalFocus;
  }) => {
    const links = useProductLinks();
    const href = lineHref(line, links);
    const parts = page.cart.partsOf(line.id);
    const discounted = line.discountPriceCents < line.totalPriceCents;
    return (
      <li ref={focus.item(line.id)} className="cart-line" aria-busy={page.isBusy(line.id)}>
        <div className="cart-line__image">
          {line.image !== undefined ? (
            <img src={line.image} alt="" width={96} height={96} loading="lazy" />
          ) : (
            <span className="cart-line__placeholder" aria-hidden="true" />
          )}
        </div>
        <div className="cart-line__body">
          <h3 className="cart-line__name">
            {href === null ? line.name : <Link to={href}>{line.name}</Link>}
          </h3>
          <p className="cart-line__meta">
            {line.color !== undefined && <span>{`Finish: ${line.color}`}</span>}
            <span>{`SKU ${line.customerFacingSKU}`}</span>
            {line.room !== undefined && line.room !== '' && <span>{`Room: ${line.room}`}</span>}
          </p>
          <UnitPrice line={line} currency={currency} />
          {parts.length > 0 && (
            <div className="cart-line__parts">
              <p>Includes:</p>
              <ul>
                {parts.map((p) => (
                  <li key={p.id}>{`${p.name} (SKU ${p.customerFacingSKU})`}</li>
                ))}
              </ul>
            </div>
          )}
          <LineNotes line={line} />
          <div className="cart-line__actions">
            <QuantityStepper page={page} line={line} />
            <button
              ref={focus.control(line.id)}
              type="button"
              className="button button--link cart-line__remove"
              aria-label={`Remove ${line.name}`}
              aria-disabled={page.isBusy(line.id)}
              onClick={() => void page.remove(line)}
            >
              Remove
            </button>
          </div>
        </div>
        <p className="cart-line__total">
          {discounted ? (
            <>
              <span className="visually-hidden">{`Line total ${formatMoney(money(line.discountPriceCents, currency))}, was ${formatMoney(money(line.totalPriceCents, currency))}`}</span>
              <span aria-hidden="true" className="cart-line__now">
                {formatMoney(money(line.discountPriceCents, currency))}
              </span>
              <s aria-hidden="true" className="cart-line__was">
                {formatMoney(money(line.totalPriceCents, currency))}
              </s>
            </>
          ) : (
            <>
              <span className="visually-hidden">Line total </span>
              {formatMoney(money(line.totalPriceCents, currency))}
            </>
          )}
        </p>
      </li>
    );
  },
);

const promoLabel = (promo: PromoCode): string => {
  switch (promo.type) {
    case 'product':
      return 'Sale savings';
    case 'no-code':
      // The shop's own name for it ("15% off service parts"): an unnamed cut reads as a mistake.
      return promo.name ?? 'Promotion';
    case 'shipping':
      return `Shipping promo ${promo.code ?? ''}`;
    case 'code':
      return `Promo code ${promo.code ?? ''}`;
  }
};

/**
 * The promo code field and its one message: a polite live region that is always there, so each
 * answer (applied, removed, or why not) is announced and replaces the one before.
 */
const PromoForm = observer(
  ({ page, inputRef }: { page: CartPageViewModel; inputRef: RefCallback<HTMLInputElement> }) => {
    const inputId = useId();
    const statusId = useId();
    const status = page.promoStatus;
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      void page.applyPromoCode();
    };
    return (
      <form className="promo-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>Promo code</label>
        <div className="promo-form__row">
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            value={page.promoCode}
            aria-invalid={status?.kind === 'error'}
            aria-describedby={status?.kind === 'error' ? statusId : undefined}
            onChange={(e) => page.setPromoCode(e.currentTarget.value)}
          />
          <button type="submit" className="button button--secondary" disabled={page.applyingCode}>
            Apply
          </button>
        </div>
        <p
          id={statusId}
          className={status?.kind === 'error' ? 'promo-form__error' : 'promo-form__status'}
          role="status"
          aria-live="polite"
          aria-atomic="true"
        >
          {status?.text ?? ''}
        </p>
      </form>
    );
  },
);

const ShareCart = observer(({ page }: { page: CartPageViewModel }) => {
  const linkId = useId();
  return (
    <div className="share-cart">
      <button
        type="button"
        className="button button--secondary"
        disabled={page.shareStatus === 'pending'}
        onClick={() => void page.share()}
      >
        Share cart
      </button>
      {page.shareStatus === 'failed' && (
        <p className="share-cart__error" role="alert">
          We couldn’t create a link just now. Please try again.
        </p>
      )}
      {page.shareUrl !== null && (
        <div className="share-cart__link">
          <label htmlFor={linkId}>Shared cart link</label>
          <div className="share-cart__row">
            <input
              id={linkId}
              type="text"
              readOnly
              value={page.shareUrl}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--secondary share-cart__copy"
              onClick={() =>
                void page.copyShareLink(
                  typeof navigator === 'undefined' ? undefined : navigator.clipboard,
                )
              }
            >
              {page.copied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
});

/** "Empty cart", then a confirmation in place: every line goes at once. */
const EmptyCart = observer(({ page, focus }: { page: CartPageViewModel; focus: RemovalFocus }) => {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (page.confirmingEmpty) confirmRef.current?.focus();
  }, [page.confirmingEmpty]);
  if (!page.confirmingEmpty) {
    return (
      <p className="cart-empty">
        <button type="button" className="button button--link" onClick={() => page.askToEmpty()}>
          Empty cart
        </button>
      </p>
    );
  }
  return (
    <div
      ref={focus.bulk}
      className="cart-empty cart-empty--confirm"
      role="group"
      aria-label="Empty cart"
    >
      <p>Remove every item from your cart?</p>
      <button
        ref={confirmRef}
        type="button"
        className="button button--secondary"
        disabled={page.emptying}
        onClick={() => void page.empty()}
      >
        Yes, empty my cart
      </button>
      <button type="button" className="button button--link" onClick={() => page.cancelEmpty()}>
        Keep my items
      </button>
    </div>
  );
});

/** Promo codes the shopper can take off (the others are the shop's own promotions). */
const removablePromo = (promo: PromoCode): boolean =>
  promo.type === 'code' || promo.type === 'shipping';
const promoKey = (promo: PromoCode): string => `${promo.type}-${promo.id}`;

/** The shipping row names the cart's method when checkout chose other than standard. */
const shippingLabel = (method: CartShippingMethodId | undefined): string => {
  switch (method) {
    case 'expedited':
      return 'Estimated shipping (Expedited)';
    case 'freight':
      return 'Estimated shipping (Freight)';
    default:
      return 'Estimated shipping';
  }
};

const Summary = observer(({ page }: { page: CartPageViewModel }) => {
  const navigate = useNavigate();
  const summary = page.cart.summary;
  // After a promo code goes, focus moves to the next one's Remove, else to the code field.
  const promoFocus = useRemovalFocus(
    summary?.promoCodes.filter(removablePromo).map(promoKey) ?? [],
  );
  if (summary === null) return null;
  const shown = formatCartSummary(summary);
  const f = (cents: number) => formatMoney(money(cents, summary.currency));
  const blocked = summary.outOfStockItems.length > 0 || summary.noShippingItems.length > 0;
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">Order summary</h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd>{shown.subtotal}</dd>
        </div>
        {summary.promoCodes
          .filter((p) => p.discountCents > 0 || p.type === 'code' || p.type === 'shipping')
          .map((promo) => (
            <div
              key={promoKey(promo)}
              ref={removablePromo(promo) ? promoFocus.item(promoKey(promo)) : undefined}
              className="cart-summary__promo"
            >
              <dt>
                {promoLabel(promo)}
                {removablePromo(promo) && (
                  <button
                    ref={promoFocus.control(promoKey(promo))}
                    type="button"
                    className="button button--link cart-summary__remove-code"
                    aria-label={`Remove promo code ${promo.code ?? ''}`}
                    onClick={() => void page.removePromoCode(promo)}
                  >
                    Remove
                  </button>
                )}
              </dt>
              <dd>{`−${f(promo.discountCents)}`}</dd>
            </div>
          ))}
        <div>
          <dt>{shippingLabel(page.cart.cart?.shippingMethodId)}</dt>
          <dd>{summary.cents.estimatedShipping === 0 ? 'Free' : shown.estimatedShipping}</dd>
        </div>
        <div>
          <dt>Estimated tax</dt>
          <dd>
            {page.cart.cart === null || knownTaxCents(page.cart.cart) === null
              ? 'Calculated at checkout'
              : shown.estimatedTax}
          </dd>
        </div>
        {summary.cents.totalPromotions > 0 && (
          <div className="cart-summary__savings">
            <dt>You save</dt>
            <dd>{shown.totalPromotions}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>Estimated total</dt>
          <dd>{shown.estimatedTotal}</dd>
        </div>
      </dl>
      {blocked && (
        <div className="cart-summary__blocked" role="note">
          {summary.outOfStockItems.length > 0 && (
            <p>{`Out of stock: ${summary.outOfStockItems.map((l) => l.name).join(', ')}.`}</p>
          )}
          {summary.noShippingItems.length > 0 && (
            <p>{`Can’t ship to your address: ${summary.noShippingItems.map((l) => l.name).join(', ')}.`}</p>
          )}
          <p>Remove these items or change their quantity to check out.</p>
        </div>
      )}
      <button
        type="button"
        className="button button--primary cart-summary__checkout"
        disabled={blocked}
        onClick={() => void navigate('/en/checkout')}
      >
        Checkout
      </button>
      <PromoForm page={page} inputRef={promoFocus.fallback} />
      <ShareCart page={page} />
    </aside>
  );
});

const CartSkeleton = () => (
  <div className="cart-layout" aria-busy="true">
    <span className="visually-hidden" role="status">
      Loading your cart…
    </span>
    <ul className="cart-lines" aria-hidden="true">
      {[0, 1].map((i) => (
        <li key={i} className="cart-line cart-line--skeleton">
          <Skeleton width="96px" height="96px" />
          <div className="cart-line__body">
            <Skeleton width="70%" />
            <Skeleton width="40%" />
            <Skeleton width="140px" height="44px" />
          </div>
        </li>
      ))}
    </ul>
    <div className="cart-summary" aria-hidden="true">
      <Skeleton width="60%" height="1.5rem" />
      <Skeleton width="100%" />
      <Skeleton width="100%" />
      <Skeleton width="100%" height="44px" />
    </div>
  </div>
);

export const CartPageView = observer(({ page }: { page: CartPageViewModel }) => {
  const cart = page.cart;
  // After a line goes, focus moves to the next line's Remove, else to the page's heading.
  const lineFocus = useRemovalFocus(page.lines.map((line) => line.id));
  const currency = cart.cart?.currency ?? 'USD';
  let body;
  if (cart.firstLoad) body = <CartSkeleton />;
  else if (cart.status === 'failed' && cart.cart === null) {
    body = (
      <ErrorState
        title="We couldn’t load your cart"
        message="Something went wrong. Please try again..."
        onRetry={() => void cart.load()}
      />
    );
  } else if (cart.isEmpty) {
    body = (
      <EmptyState
        title="Your cart is empty"
        action={
          <Link className="button button--primary" to="/en">
            Continue shopping
          </Link>
        }
      >
        <p>Find faucets, sinks, toilets and more — they’ll wait for you here.</p>
      </EmptyState>
    );
  } else {
    body = (
      <div className="cart-layout">
        <section aria-labelledby="cart-lines-title">
          <h2 id="cart-lines-title" className="visually-hidden">
            Items in your cart
          </h2>
          <ul className="cart-lines">
            {page.lines.map((line) => (
              <LineItem
                key={line.id}
                page={page}
                line={line}
                currency={currency}
                focus={lineFocus}
              />
            ))}
          </ul>
          <EmptyCart page={page} focus={lineFocus} />
        </section>
        <Summary page={page} />
      </div>
    );
  }
  return (
    <main id="main" className="page page--cart">
      <title>Cart — Lavabo</title>
      <h1 ref={lineFocus.fallback} className="cart-page__title" tabIndex={-1}>
        Your cart
        {!cart.firstLoad && cart.count > 0 && (
          <span className="cart-page__count">{` (${cart.count} ${cart.count === 1 ? 'item' : 'items'})`}</span>
        )}
      </h1>
      <p className="cart-page__message" role="status" aria-live="polite">
        {page.message ?? ''}
      </p>
      {body}
    </main>
  );
});
