/**
 * LiteratureGateway over the API (spec §7; docs/api.md "Literature"): the list through ApiClient,
 * the PDF and the zip as blobs with `fetch` (axios has no blob answer outside a browser, and the
 * adapter contract runs in Node too). Both downloads are public routes: no token is sent. The
 * file name is the server's content-disposition; a refusal becomes a LiteratureDownloadError with
 * the server's message and the field it names.
 */
import * as t from 'io-ts';
import {
  LITERATURE_KINDS,
  literaturePage,
  type LiteratureDocument,
  type LiteratureKind,
} from '../../../core/literature/literature';
import {
  LiteratureDownloadError,
  type DownloadedFile,
  type LiteratureGateway,
  type LiteratureList,
} from '../../../core/literature/ports';
import type { AppConfig } from '../../di/types';
import type { ApiClient } from '../api-client';

const KindCodec = t.keyof(
  Object.fromEntries(LITERATURE_KINDS.map((k) => [k, null])) as Record<LiteratureKind, null>,
);
const FamilyCodec = t.type({ slug: t.string, name: t.string });
const DocumentCodec = t.type({
  file: t.string,
  title: t.string,
  kind: KindCodec,
  family: FamilyCodec,
  size: t.number,
  pages: t.number,
});
export const LiteratureListCodec = t.type({
  families: t.array(FamilyCodec),
  documents: t.array(DocumentCodec),
});

/** `attachment; filename="a.zip"` → `a.zip`; null when the header names none. */
export const fileNameOf = (disposition: string | null): string | null => {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? null;
};

const refusalOf = async (res: Response, what: string): Promise<LiteratureDownloadError> => {
  const body = (await res.json().catch(() => null)) as {
    message?: unknown;
    errors?: { field?: unknown }[];
  } | null;
  const field = body?.errors?.find((e) => typeof e.field === 'string')?.field;
  return new LiteratureDownloadError(
    res.status < 500 && typeof body?.message === 'string' ? body.message : `${what} failed`,
    typeof field === 'string' ? field : null,
  );
};

export class HttpLiteratureGateway implements LiteratureGateway {
  constructor(
    private readonly api: ApiClient,
    private readonly config: Pick<AppConfig, 'apiBaseUrl' | 'channel'>,
    private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  async list(): Promise<LiteratureList> {
    const list = await this.api.get('/catalog/literature', LiteratureListCodec);
    return list;
  }

  downloadPdf(doc: Pick<LiteratureDocument, 'file'>): Promise<DownloadedFile> {
    const page = encodeURIComponent(literaturePage(doc));
    return this.download(`/catalog/pdf-file-download?page=${page}`, { method: 'GET' }, doc.file);
  }

  downloadZip(files: readonly string[], downloadFileName: string): Promise<DownloadedFile> {
    return this.download(
      '/catalog/zip-file-download',
      { method: 'POST', body: JSON.stringify({ files, downloadFileName }) },
      downloadFileName,
    );
  }

  private async download(path: string, init: RequestInit, fallback: string) {
    const res = await this.fetcher(`${this.config.apiBaseUrl}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', target: this.config.channel },
    }).catch((error: unknown) => {
      throw new LiteratureDownloadError(
        error instanceof Error ? error.message : 'The download could not start',
      );
    });
    if (!res.ok) throw await refusalOf(res, 'The download');
    const body = await res.blob();
    return { fileName: fileNameOf(res.headers.get('content-disposition')) ?? fallback, body };
  }
}
