/** My products' words for the warranty core computed, and a removal that fails keeps the product. */
import { describe, expect, it } from 'vitest';
import { AssetNotFoundError } from '../../../core/registration/ports';
import {
  MyProductsViewModel,
  PROOF_FAILED,
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
      proof: { execute: async () => Promise.reject(new Error('not asked')) },
      save: () => undefined,
    });
    await vm.load();
    await vm.remove(vm.products[0]!);
    expect(vm.products).toHaveLength(1);
    expect(vm.notice).toBe(REMOVE_FAILED);
    expect(vm.removing).toBeNull();
  });

  it('downloads a registration’s proof of purchase under its name, and says when it cannot', async () => {
    const saved: { fileName: string; body: Blob }[] = [];
    let missing = false;
    const vm = new MyProductsViewModel({
      load: { execute: async () => [myProduct()] },
      remove: { execute: async () => true },
      unsave: { set: async () => Promise.reject(new Error('not asked')) },
      proof: {
        execute: async (asset) => {
          if (missing) throw new AssetNotFoundError(asset.assetId);
          return {
            fileName: asset.fileName,
            contentType: 'application/pdf',
            bytes: new TextEncoder().encode('%PDF-1.4'),
          };
        },
      },
      save: (file) => saved.push(file),
    });
    await vm.load();
    await vm.downloadProof(vm.products[0]!);
    expect(saved.map((f) => [f.fileName, f.body.type, f.body.size])).toEqual([
      ['my-receipt.pdf', 'application/pdf', 8],
    ]);
    expect(await saved[0]?.body.text()).toBe('%PDF-1.4');
    expect(vm.notice).toBe('my-receipt.pdf is downloading.');
    expect(vm.downloading).toBeNull();
    missing = true;
    await vm.downloadProof(vm.products[0]!);
    expect(saved).toHaveLength(1);
    expect(vm.notice).toBe(PROOF_FAILED);
  });
});
