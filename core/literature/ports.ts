import type { LiteratureDocument, LiteratureFamily } from './literature';

export interface LiteratureList {
  readonly families: readonly LiteratureFamily[];
  readonly documents: readonly LiteratureDocument[];
}

/** A downloaded file's body: a Blob in the browser (core names only what it reads of one). */
export interface FileBody {
  readonly size: number;
  readonly type: string;
}

export interface DownloadedFile {
  /** The name the server gave it (content-disposition), or the one asked for. */
  readonly fileName: string;
  readonly body: FileBody;
}

/** A document or zip the server refused or could not make. */
export class LiteratureDownloadError extends Error {
  constructor(
    message: string,
    /** The request field the server named (`files`, `downloadFileName`, `page`), if any. */
    readonly field: string | null = null,
    /** The message is in the shopper's words and may be shown as it is. */
    readonly forShopper = false,
  ) {
    super(message);
    this.name = 'LiteratureDownloadError';
  }
}

/** Port: spec §7 literature calls. */
export interface LiteratureGateway {
  /** GET /api/catalog/literature. */
  list(): Promise<LiteratureList>;
  /** GET /api/catalog/pdf-file-download?page=…, as a blob. */
  downloadPdf(doc: Pick<LiteratureDocument, 'file'>): Promise<DownloadedFile>;
  /** POST /api/catalog/zip-file-download {files, downloadFileName}, as a blob. */
  downloadZip(files: readonly string[], downloadFileName: string): Promise<DownloadedFile>;
}
