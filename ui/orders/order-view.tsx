/** How an order reads on the status, details and history pages: number, status, lines, totals. */
import { localized } from '../../core/cart/cart';
import { CARD_BRAND_NAMES, type CardBrand } from '../../core/checkout/card';
import { orderItemCount, type Order, type OrderPayment } from '../../core/orders/order';
import { DEFAULT_CURRENCY, formatMoney, money, type Cents } from '../../core/shared/money';
import { addressLines } from '../../core/shared/postal-address';

/** The order's currency; orders written before orders carried one were all in dollars. */
export const orderCurrency = (order: Pick<Order, 'currency'>): string =>
  order.currency ?? DEFAULT_CURRENCY;

/** An amount of the order in its currency ("$1,234.56", "CA$1,234.56"). */
export const formatOrderAmount = (order: Pick<Order, 'currency'>, cents: Cents): string =>
  formatMoney(money(cents, orderCurrency(order)));

/** "12 March 2026" from the order's ISO instant (UTC, so every reader sees the same day). */
export const formatOrderDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
};

export const describePayment = (payment: OrderPayment): string => {
  if (payment.method === 'paypal') return 'PayPal';
  if (payment.method === 'finance') return '12-month finance plan';
  const named = payment.brand ?? 'Card';
  const brand = Object.hasOwn(CARD_BRAND_NAMES, named)
    ? CARD_BRAND_NAMES[named as CardBrand]
    : named;
  return payment.last4 === undefined ? brand : `${brand} ending in ${payment.last4}`;
};

export const itemCountText = (order: Pick<Order, 'lineItems'>): string => {
  const count = orderItemCount(order);
  return count === 1 ? '1 item' : `${count} items`;
};

const TotalsRow = ({
  label,
  amount,
  strong,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) => (
  <div className={strong ? 'order-totals__row order-totals__row--total' : 'order-totals__row'}>
    <dt>{label}</dt>
    <dd>{amount}</dd>
  </div>
);

/** The whole order; `headingLevel` is the level of its own heading (the page owns the h1). */
export const OrderView = ({
  order,
  childOrders = [],
  headingLevel = 2,
}: {
  order: Order;
  childOrders?: readonly Order[];
  headingLevel?: 2 | 3;
}) => {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const amount = (cents: Cents) => formatOrderAmount(order, cents);
  return (
    <article className="order-view" aria-labelledby={`order-${order.orderNumber}`}>
      <Heading id={`order-${order.orderNumber}`} className="order-view__title">
        Order <span className="order-view__number">{order.orderNumber}</span>
      </Heading>
      <dl className="order-view__facts">
        <div>
          <dt>Status</dt>
          <dd className="order-view__status">{order.status}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>{formatOrderDate(order.createdAt)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{describePayment(order.payment)}</dd>
        </div>
        {order.orderType === 'ISC' && (
          <div>
            <dt>Entered by</dt>
            <dd>Sales associate (ISC)</dd>
          </div>
        )}
        {order.parentOrderNumber !== undefined && (
          <div>
            <dt>Part of order</dt>
            <dd>{order.parentOrderNumber}</dd>
          </div>
        )}
      </dl>
      <Sub>Items ({itemCountText(order)})</Sub>
      <ul className="order-view__lines">
        {order.lineItems.map((line) => (
          <li key={line.id} className="order-view__line">
            <span className="order-view__line-name">{localized(line.name)}</span>
            <span className="order-view__line-sku">{line.sku}</span>
            <span className="order-view__line-qty">Qty {line.quantity}</span>
            <span className="order-view__line-price">
              {amount(
                (line.discountedPrice ?? line.price.discountedValue ?? line.price.value) *
                  line.quantity,
              )}
            </span>
          </li>
        ))}
      </ul>
      <Sub>Shipping to</Sub>
      <address className="order-view__address">
        {addressLines(order.shippingAddress).map((line, i) => (
          <span key={i}>{line}</span>
        ))}
      </address>
      <Sub>Summary</Sub>
      <dl className="order-totals">
        <TotalsRow label="Subtotal" amount={amount(order.totals.subtotal)} />
        {order.totals.discount > 0 && (
          <TotalsRow label="Discount" amount={amount(-order.totals.discount)} />
        )}
        <TotalsRow label="Shipping" amount={amount(order.totals.shipping)} />
        <TotalsRow label="Tax" amount={amount(order.totals.tax)} />
        <TotalsRow label="Total" amount={amount(order.totals.total)} strong />
      </dl>
      {childOrders.length > 0 && (
        <section className="order-view__children" aria-label="Shipments">
          <Sub>This order ships as {childOrders.length} orders</Sub>
          <ul>
            {childOrders.map((child) => (
              <li key={child.orderNumber}>
                <span className="order-view__number">{child.orderNumber}</span> — {child.status},{' '}
                {itemCountText(child)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
};
