import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShipmentSource, SplitCheck } from '../../../core/checkout/checkout';
import { splitNotice } from '../../../core/checkout/split-notice';

const shipment = fc.record({
  source: fc.constantFrom<ShipmentSource>('warehouse', 'drop-ship', 'service'),
  lineItemIds: fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 4 }),
});

describe('the split-order notice', () => {
  it('says nothing for an order that ships as one', () => {
    expect(splitNotice(null)).toBeNull();
    fc.assert(
      fc.property(fc.array(shipment, { maxLength: 1 }), (shipments) => {
        expect(splitNotice({ split: false, shipments })).toBeNull();
        expect(splitNotice({ split: true, shipments })).toBeNull();
      }),
    );
  });

  it('names every part and its item count when the order splits', () => {
    expect(
      splitNotice({
        split: true,
        shipments: [
          { source: 'warehouse', lineItemIds: ['a', 'b'] },
          { source: 'service', lineItemIds: ['c'] },
        ],
      }),
    ).toBe(
      'Your order will arrive in 2 parts: 2 items from our warehouse and 1 item as a scheduled ' +
        'service. Each part gets its own order number under your order number.',
    );
    fc.assert(
      fc.property(fc.array(shipment, { minLength: 2, maxLength: 3 }), (shipments) => {
        const split: SplitCheck = { split: true, shipments };
        const notice = splitNotice(split) ?? '';
        expect(notice).toContain(`in ${shipments.length} parts`);
        const counted = [...notice.matchAll(/(\d+) items?/g)].map((m) => Number(m[1]));
        expect(counted).toEqual(shipments.map((s) => s.lineItemIds.length));
      }),
    );
  });
});
