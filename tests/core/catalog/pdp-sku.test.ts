import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestedSku, selectPdpSku } from '../../../core/catalog/pdp-sku';

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

  it('otherwise picks the first variant not discontinued, else the master', () => {
    fc.assert(
      fc.property(variants, fc.option(sku, { nil: undefined }), (vs, requested) => {
        fc.pre(requested === undefined || !vs.some((v) => v.sku === requested));
        const expected = vs.find((v) => !v.discontinued)?.sku ?? MASTER;
        expect(selectPdpSku({ requested, variants: vs, masterSku: MASTER })).toBe(expected);
      }),
    );
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
