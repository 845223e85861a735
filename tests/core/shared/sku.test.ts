import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerFacingSku, parseSku } from '../../../core/shared/sku';

const skuBody = fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,20}$/);

describe('SKU', () => {
  it('shows the customer the SKU without the K- prefix', () => {
    fc.assert(
      fc.property(skuBody, (body) => {
        expect(customerFacingSku(`K-${body}`)).toBe(body);
      }),
    );
  });

  it('leaves SKUs without the prefix as they are', () => {
    fc.assert(
      fc.property(
        skuBody.filter((s) => !s.startsWith('K-')),
        (s) => {
          expect(customerFacingSku(s)).toBe(s);
        },
      ),
    );
  });

  it('parses trimmed, upper-cased SKUs and rejects anything else', () => {
    expect(parseSku('  k-4120-bl ')).toBe('K-4120-BL');
    expect(parseSku('')).toBeNull();
    expect(parseSku('K 4120')).toBeNull();
    expect(parseSku('<script>')).toBeNull();
  });
});
