import { observer } from 'mobx-react-lite';
import { useId, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatMoney, money } from '../../core/shared/money';
import { useCart } from './cart-context';
import './cart.css';

const CartIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
    <path
      d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
    <circle cx="10" cy="20" r="1.5" fill="currentColor" />
    <circle cx="17" cy="20" r="1.5" fill="currentColor" />
  </svg>
);

/** The mini cart preview (spec §2 shell overlays): the newest lines, the subtotal, the way on. */
const MiniCart = observer(({ id }: { id: string }) => {
  const cart = useCart();
  const summary = cart.summary;
  const more = cart.topLines.length - cart.previewLines.length;
  return (
    <section id={id} className="mini-cart" aria-label="Cart preview">
      {cart.isEmpty ? (
        <p className="mini-cart__empty">Your cart is empty.</p>
      ) : (
        <>
          <ul className="mini-cart__lines">
            {cart.previewLines.map((line) => (
              <li key={line.id} className="mini-cart__line">
                {line.image !== undefined ? (
                  <img src={line.image} alt="" width={48} height={48} loading="lazy" />
                ) : (
                  <span className="mini-cart__thumb" aria-hidden="true" />
                )}
                <span className="mini-cart__name">
                  {line.name}
                  {line.color !== undefined && (
                    <span className="mini-cart__meta">{` · ${line.color}`}</span>
                  )}
                  <span className="mini-cart__meta">{` · Qty ${line.quantity}`}</span>
                </span>
                <span className="mini-cart__price">
                  {formatMoney(money(line.discountPriceCents, cart.cart?.currency))}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className="mini-cart__more">{`and ${more} more ${more === 1 ? 'item' : 'items'}`}</p>
          )}
          {summary !== null && (
            <p className="mini-cart__subtotal">
              <span>Subtotal</span>
              <span>
                {formatMoney(money(summary.cents.subtotalWithDiscount, summary.currency))}
              </span>
            </p>
          )}
        </>
      )}
      <Link
        className="button button--primary mini-cart__view"
        to="/en/cart"
        onClick={() => cart.closePreview()}
      >
        View cart
      </Link>
    </section>
  );
});

/**
 * The header's cart link, named "Cart, N items" (its name starts with "Cart"). A space separates
 * "Cart" from the badge so the visible text reads "Cart 0", which the name contains (a voice-control
 * user says what they see; axe's label-content-name-mismatch, which Lighthouse runs, checks it). On desktop,
 * pointing at it or focusing it opens the mini cart preview; Escape or leaving closes it.
 */
export const CartLink = observer(() => {
  const cart = useCart();
  const previewId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !wrapper.current?.contains(next)) cart.closePreview();
  };
  // Escape from inside the preview brings focus back to the link without reopening it.
  const quiet = useRef(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !cart.previewOpen) return;
    cart.closePreview();
    const link = wrapper.current?.querySelector<HTMLAnchorElement>('a.cart-link');
    if (link !== null && link !== undefined && document.activeElement !== link) {
      quiet.current = true;
      link.focus();
      quiet.current = false;
    }
  };
  const onFocus = () => {
    if (!quiet.current) cart.openPreview();
  };
  return (
    <div
      ref={wrapper}
      className="cart-link-wrap"
      onMouseEnter={() => cart.openPreview()}
      onMouseLeave={() => cart.closePreview()}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <Link
        to="/en/cart"
        className="utility-nav__link cart-link"
        aria-label={cart.linkLabel}
        aria-busy={cart.firstLoad || undefined}
        aria-expanded={cart.isDesktop ? cart.previewOpen : undefined}
        aria-controls={cart.previewOpen ? previewId : undefined}
        onClick={() => cart.closePreview()}
      >
        <CartIcon />
        <span>Cart</span>{' '}
        <span className="badge" aria-hidden="true">
          {cart.count}
        </span>
      </Link>
      {cart.previewOpen && <MiniCart id={previewId} />}
    </div>
  );
});
