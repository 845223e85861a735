/**
 * My products (spec §3 MyProducts): registered and saved products, with their warranty (computed by
 * core on the server or the fake), documents, fitting parts and a registration's proof of purchase
 * (downloaded again through the API: it is the owner's only). Either can be removed: a
 * registration by its id, a saved product by taking it off the MyProducts list.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { MyProduct } from '../../core/registration/ports';
import type {
  DownloadProofOfPurchase,
  LoadMyProducts,
  RemoveRegistration,
} from '../../core/registration/use-cases';
import { formatLongDate } from '../../core/shared/long-date';

export const REMOVE_FAILED = 'We could not remove this product. Please try again.';
export const PROOF_FAILED = 'We could not download the proof of purchase. Please try again.';

export const productKey = (p: MyProduct): string =>
  p.registrationId ?? `saved:${p.listLineItemId ?? p.sku}`;

export class MyProductsViewModel {
  status: AsyncStatus = 'idle';
  products: readonly MyProduct[] = [];
  /** The product being removed (its productKey). */
  removing: string | null = null;
  /** What the live region says after a removal or a download (or why it failed). */
  notice: string | null = null;
  /** The proof of purchase being downloaded (its assetId). */
  downloading: string | null = null;

  constructor(
    private readonly deps: {
      readonly load: Pick<LoadMyProducts, 'execute'>;
      readonly remove: Pick<RemoveRegistration, 'execute'>;
      /** The MyProducts list's toggle: takes a saved product off. */
      readonly unsave: Pick<ToggleListItem, 'set'>;
      /** A registration's receipt, read back (its owner only). */
      readonly proof: Pick<DownloadProofOfPurchase, 'execute'>;
      /** Hands the file to the browser as a download (ui/components/save-file.ts). */
      readonly save: (file: { readonly fileName: string; readonly body: Blob }) => void;
    },
  ) {
    makeAutoObservable<MyProductsViewModel, 'deps'>(this, { deps: false });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const products = await this.deps.load.execute();
      runInAction(() => {
        this.products = products;
        this.status = 'succeeded';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  get isEmpty(): boolean {
    return this.status === 'succeeded' && this.products.length === 0;
  }

  async remove(product: MyProduct): Promise<void> {
    if (this.removing !== null) return;
    const key = productKey(product);
    this.removing = key;
    this.notice = null;
    let removed = false;
    try {
      removed = await this.removeOne(product);
    } catch {
      removed = false;
    }
    runInAction(() => {
      this.removing = null;
      if (removed) {
        this.products = this.products.filter((p) => productKey(p) !== key);
        this.notice = `${product.title} was removed from My products.`;
      } else {
        this.notice = REMOVE_FAILED;
      }
    });
  }

  /** Downloads a registration's proof of purchase under its file name. */
  async downloadProof(product: MyProduct): Promise<void> {
    const proof = product.proofOfPurchase;
    if (proof === null || this.downloading !== null) return;
    this.downloading = proof.assetId;
    this.notice = null;
    try {
      const file = await this.deps.proof.execute(proof);
      this.deps.save({
        fileName: file.fileName,
        body: new Blob([file.bytes.slice().buffer], { type: file.contentType }),
      });
      runInAction(() => {
        this.notice = `${file.fileName} is downloading.`;
      });
    } catch {
      runInAction(() => {
        this.notice = PROOF_FAILED;
      });
    } finally {
      runInAction(() => {
        this.downloading = null;
      });
    }
  }

  /** A registration goes by its id; a saved product comes off the list (from the list as it is now). */
  private async removeOne(product: MyProduct): Promise<boolean> {
    if (product.registrationId !== null) return this.deps.remove.execute(product.registrationId);
    const result = await this.deps.unsave.set(product.sku, false, null);
    return result.ok && !result.value.onList;
  }
}

/** An ISO day ('2026-05-01') as the shopper reads it ('May 1, 2026'). */
export const formatDay = (iso: string): string => {
  const at = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(at) ? iso : formatLongDate(at);
};

/** The warranty in words: its kind and whether it still covers the product. */
export const warrantyText = (p: MyProduct): string => {
  const w = p.warranty;
  switch (w.status) {
    case 'lifetime':
      return `${w.text}: covered for life`;
    case 'active':
      return w.endsOn !== null
        ? `${w.text}: covered until ${formatDay(w.endsOn)}`
        : `${w.text}: covered`;
    case 'expired':
      return w.endsOn !== null ? `${w.text}: ended on ${formatDay(w.endsOn)}` : `${w.text}: ended`;
    case 'unknown':
      return p.purchaseDate === null
        ? `${w.text === '' ? 'Warranty' : w.text}: register the product to see its cover`
        : `${w.text === '' ? 'Warranty' : w.text}: see the warranty document`;
  }
};
