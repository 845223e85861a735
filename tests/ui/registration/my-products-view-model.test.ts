/** My products' words for the warranty core computed, and a removal that fails keeps the product. */
import { describe, expect, it } from 'vitest';
import {
  MyProductsViewModel,
  REMOVE_FAILED,
  warrantyText,
} from '../../../ui/registration/my-products-view-model';
import { myProduct } from './harness';

describe('warrantyText', () => {
  it('says until when an active warranty covers, and when an expired one ended', () => {
    expect(warrantyText(myProduct())).toBe('Limited 5 years: covered until April 30, 2031');
    expect(
      warrantyText(
        myProduct({
          warranty: { text: 'Limited 1 year', years: 1, status: 'expired', endsOn: '2020-01-31' },
        }),
      ),
    ).toBe('Limited 1 year: ended on January 31, 2020');
  });

  it('asks to register a saved product to know its cover', () => {
    expect(
      warrantyText(
        myProduct({
          purchaseDate: null,
          warranty: { text: 'Limited 5 years', years: 5, status: 'unknown', endsOn: null },
        }),
      ),
    ).toBe('Limited 5 years: register the product to see its cover');
  });
});

describe('MyProductsViewModel', () => {
  it('keeps the product and says so when the removal is refused', async () => {
    const vm = new MyProductsViewModel({
      load: { execute: async () => [myProduct()] },
      remove: { execute: async () => false },
      unsave: {
        set: async () => {
          throw new Error('not a saved product');
        },
      },
    });
    await vm.load();
    await vm.remove(vm.products[0]!);
    expect(vm.products).toHaveLength(1);
    expect(vm.notice).toBe(REMOVE_FAILED);
    expect(vm.removing).toBeNull();
  });
});
