/**
 * What checkout tells a shopper whose order splits (spec §7 order-split check): items that ship from
 * different sources become child orders under one parent order number, so the shopper should expect
 * more than one order number and more than one delivery.
 */
import type { ShipmentSource, SplitCheck } from './checkout';

export const SHIPMENT_SOURCE_NAMES: Readonly<Record<ShipmentSource, string>> = {
  warehouse: 'from our warehouse',
  'drop-ship': 'direct from the maker',
  service: 'as a scheduled service',
};

const items = (n: number): string => (n === 1 ? '1 item' : `${n} items`);

/**
 * The notice for a split order, or null when it ships as one: "Your order will arrive in 2 parts:
 * 2 items from our warehouse and 1 item as a scheduled service. Each part gets its own order number
 * under your order number."
 */
export const splitNotice = (split: SplitCheck | null): string | null => {
  if (split === null || !split.split) return null;
  const parts = split.shipments.filter((s) => s.lineItemIds.length > 0);
  if (parts.length < 2) return null;
  const described = parts.map(
    (s) => `${items(s.lineItemIds.length)} ${SHIPMENT_SOURCE_NAMES[s.source]}`,
  );
  const list = `${described.slice(0, -1).join(', ')} and ${described[described.length - 1] ?? ''}`;
  return (
    `Your order will arrive in ${parts.length} parts: ${list}. ` +
    'Each part gets its own order number under your order number.'
  );
};
