/**
 * The literature page's documents (spec §7 literature calls, §8 download toasts): the list grouped
 * by family and filtered by kind, a selection downloaded as one zip, and single PDFs. A PDF says
 * "Download success" or "Download failed. Please try again." in the shell's toast; a zip that
 * fails is said in an alert beside the button (spec §8 "Zip download failure → failure callback")
 * and in the toast.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  groupByFamily,
  MAX_ZIP_FILES,
  type FamilyGroup,
  type LiteratureDocument,
  type LiteratureKind,
} from '../../core/literature/literature';
import {
  LiteratureDownloadError,
  type DownloadedFile,
  type LiteratureGateway,
} from '../../core/literature/ports';
import type { Notify } from '../shell/toaster';

/** Spec §8 toasts of a PDF download. */
export const DOWNLOAD_SUCCESS = 'Download success';
export const DOWNLOAD_FAILED = 'Download failed. Please try again.';
/** The zip's failure, in the shopper's words, when the gateway gives none. */
export const ZIP_FAILED =
  'Your documents could not be bundled into one download. Please try again.';
export const LOAD_FAILED = 'The documents did not load. Check your connection and try again.';
/** The name asked for the zip (the server makes it safe and adds .zip). */
export const ZIP_NAME = 'Lavabo literature';

export type LiteratureStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface LiteratureDeps {
  /** The gateway, once its area is loaded. */
  readonly gateway: () => Promise<LiteratureGateway>;
  readonly notify: Notify;
  /** Hands a downloaded file to the browser under its name. */
  readonly save: (file: DownloadedFile) => void;
}

export class LiteratureViewModel {
  status: LiteratureStatus = 'idle';
  documents: readonly LiteratureDocument[] = [];
  /** The kind shown; null: every kind. */
  kind: LiteratureKind | null = null;
  readonly selected = observable.set<string>();
  zipping = false;
  /** The file of the PDF being downloaded. */
  downloading: string | null = null;
  /** Why the last zip failed (an alert by the button); null once one works or the selection changes. */
  zipError: string | null = null;

  constructor(private readonly deps: LiteratureDeps) {
    makeAutoObservable<LiteratureViewModel, 'deps'>(this, { deps: false });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const gateway = await this.deps.gateway();
      const list = await gateway.list();
      runInAction(() => {
        this.documents = list.documents;
        this.status = 'succeeded';
        // A selection of documents no longer listed is dropped.
        const files = new Set(list.documents.map((d) => d.file));
        for (const f of [...this.selected]) if (!files.has(f)) this.selected.delete(f);
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  get groups(): readonly FamilyGroup[] {
    return groupByFamily(this.documents, this.kind);
  }

  setKind(kind: LiteratureKind | null): void {
    this.kind = kind;
  }

  isSelected(file: string): boolean {
    return this.selected.has(file);
  }

  toggle(file: string, on: boolean): void {
    if (on) this.selected.add(file);
    else this.selected.delete(file);
    this.zipError = null;
  }

  clearSelection(): void {
    this.selected.clear();
    this.zipError = null;
  }

  get selectedCount(): number {
    return this.selected.size;
  }

  get tooMany(): boolean {
    return this.selected.size > MAX_ZIP_FILES;
  }

  /** "2 documents selected", for the live region by the button. */
  get selectionText(): string {
    const n = this.selected.size;
    if (n === 0) return 'No documents selected';
    const text = `${n} ${n === 1 ? 'document' : 'documents'} selected`;
    return this.tooMany ? `${text}. Choose at most ${MAX_ZIP_FILES} for one download.` : text;
  }

  get canDownloadSelected(): boolean {
    return this.selected.size > 0 && !this.tooMany && !this.zipping;
  }

  /** "Download selected": the chosen documents, in the list's order, as one zip. */
  async downloadSelected(): Promise<boolean> {
    if (!this.canDownloadSelected) return false;
    const files = this.documents.filter((d) => this.selected.has(d.file)).map((d) => d.file);
    this.zipping = true;
    this.zipError = null;
    try {
      const gateway = await this.deps.gateway();
      const zip = await gateway.downloadZip(files, ZIP_NAME);
      this.deps.save(zip);
      this.deps.notify.show({ message: DOWNLOAD_SUCCESS, kind: 'success' });
      return true;
    } catch (error) {
      this.zipFailed(error);
      return false;
    } finally {
      runInAction(() => {
        this.zipping = false;
      });
    }
  }

  /** One document's "Download": the PDF as a blob, with the §8 toasts. */
  async download(doc: LiteratureDocument): Promise<boolean> {
    if (this.downloading !== null) return false;
    this.downloading = doc.file;
    try {
      const gateway = await this.deps.gateway();
      const file = await gateway.downloadPdf(doc);
      this.deps.save(file);
      this.deps.notify.show({ message: DOWNLOAD_SUCCESS, kind: 'success' });
      return true;
    } catch {
      this.deps.notify.show({ message: DOWNLOAD_FAILED, kind: 'error' });
      return false;
    } finally {
      runInAction(() => {
        this.downloading = null;
      });
    }
  }

  /** Spec §8 "Zip download failure → failure callback": the alert, and the toast. */
  private zipFailed(error: unknown): void {
    const message =
      error instanceof LiteratureDownloadError && error.forShopper ? error.message : ZIP_FAILED;
    runInAction(() => {
      this.zipError = message;
    });
    this.deps.notify.show({ message: DOWNLOAD_FAILED, kind: 'error' });
  }
}
