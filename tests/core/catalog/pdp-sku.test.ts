import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultVariant,
  requestedSku,
  selectPdpSku,
  type VariantChoice,
} from '../../../core/catalog/pdp-sku';

const sku = fc.stringMatching(/^K-[0-9]{3}(-[A-Z]{1,2})?$/);
const variants = fc
  .uniqueArray(sku, { maxLength: 6 })
  .chain((skus) =>
    fc.tuple(
      fc.constant(skus),
      fc.array(fc.boolean(), { minLength: skus.length, maxLength: skus.length }),
    ),
  )
  .map(([skus, gone]) => skus.map((s, i) => ({ sku: s, discontinued: gone[i] === true })));
const MASTER = 'K-MASTER';

/** Variants with stock: discontinued or not, out of stock or not, units known (≥ 0) or not. */
const stocked = fc
  .uniqueArray(sku, { maxLength: 6 })
  .chain((skus) =>
    fc.tuple(
      fc.constant(skus),
      fc.array(
        fc.record({
          discontinued: fc.boolean(),
          outOfStock: fc.boolean(),
          availableQty: fc.option(fc.nat({ max: 20 }), { nil: null }),
        }),
        { minLength: skus.length, maxLength: skus.length },
      ),
    ),
  )
  .map(([skus, states]) => skus.map((s, i) => ({ sku: s, ...states[i]! })));

const onHand = (v: VariantChoice): boolean =>
  !v.discontinued && v.outOfStock !== true && (v.availableQty ?? 1) > 0;

describe('product-page SKU from the URL (spec §5)', () => {
  it('uses the URL SKU when it is in the variant list (any case, padded)', () => {
    fc.assert(
      fc.property(
        variants.filter((v) => v.length > 0),
        fc.nat(),
        (vs, pick) => {
          const chosen = vs[pick % vs.length]!;
          expect(
            selectPdpSku({
              requested: ` ${chosen.sku.toLowerCase()} `,
              variants: vs,
              masterSku: MASTER,
            }),
          ).toBe(chosen.sku);
        },
      ),
    );
  });

  it('otherwise picks the first variant not discontinued when stock is not stated, else the master', () => {
    fc.assert(
      fc.property(variants, fc.option(sku, { nil: undefined }), (vs, requested) => {
        fc.pre(requested === undefined || !vs.some((v) => v.sku === requested));
        const expected = vs.find((v) => !v.discontinued)?.sku ?? MASTER;
        expect(selectPdpSku({ requested, variants: vs, masterSku: MASTER })).toBe(expected);
      }),
    );
  });

  it('without ?skuid= opens on an in-stock variant whenever one exists, the first of them', () => {
    fc.assert(
      fc.property(stocked, (vs) => {
        const out = selectPdpSku({ requested: undefined, variants: vs, masterSku: MASTER });
        const firstOnHand = vs.find(onHand);
        if (firstOnHand !== undefined) expect(out).toBe(firstOnHand.sku);
      }),
    );
  });

  it('with nothing on hand, prefers a back-orderable variant, then any not discontinued, then the master', () => {
    fc.assert(
      fc.property(stocked, (vs) => {
        fc.pre(!vs.some(onHand));
        const expected =
          vs.find((v) => !v.discontinued && !v.outOfStock) ?? vs.find((v) => !v.discontinued);
        expect(defaultVariant(vs)).toBe(expected);
        expect(selectPdpSku({ requested: undefined, variants: vs, masterSku: MASTER })).toBe(
          expected?.sku ?? MASTER,
        );
      }),
    );
  });

  it('never opens on a discontinued or out-of-stock variant while a sellable one exists', () => {
    fc.assert(
      fc.property(stocked, (vs) => {
        const chosen = defaultVariant(vs);
        if (vs.some((v) => !v.discontinued && !v.outOfStock)) {
          expect(chosen?.discontinued).toBe(false);
          expect(chosen?.outOfStock).toBe(false);
        }
      }),
    );
  });

  it('a URL SKU still wins over stock (spec §5: membership of the list is the only condition)', () => {
    const vs = [
      { sku: 'K-1-CP', discontinued: false, outOfStock: false, availableQty: 9 },
      { sku: 'K-1-BL', discontinued: false, outOfStock: true, availableQty: 0 },
    ];
    expect(selectPdpSku({ requested: 'K-1-BL', variants: vs, masterSku: MASTER })).toBe('K-1-BL');
  });

  it('always answers with a listed variant or the master', () => {
    fc.assert(
      fc.property(variants, fc.option(fc.string(), { nil: undefined }), (vs, requested) => {
        const out = selectPdpSku({ requested, variants: vs, masterSku: MASTER });
        expect([MASTER, ...vs.map((v) => v.sku)]).toContain(out);
      }),
    );
  });

  it('reads skuid from the query', () => {
    expect(requestedSku('?skuid=K-4120-BL&type=part')).toBe('K-4120-BL');
    expect(requestedSku('?type=part')).toBeUndefined();
  });
});
