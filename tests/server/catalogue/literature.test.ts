/**
 * Literature (spec §7): the family documents listed, each a real PDF, and any of them as one zip
 * read back with yauzl — its entries exactly the chosen PDFs, each equal to the single download —
 * with a safe content-disposition name; bad input is a 400 naming the field, never a 500.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LITERATURE_KINDS,
  MAX_ZIP_FILES,
  type LiteratureDocument,
  type LiteratureFamily,
} from '../../../core/literature/literature';
import { startTestServer, type TestServer } from '../../support/test-server';
import { unzip } from '../../support/unzip';
import { catalogueTruth, client, guestToken, type ErrorBody } from './support';

let server: TestServer;
let api: ReturnType<typeof client>;
let anonymous: ReturnType<typeof client>;
let documents: readonly LiteratureDocument[] = [];
const { catalogue } = catalogueTruth();

beforeAll(async () => {
  server = await startTestServer();
  api = client(server, await guestToken(server));
  anonymous = client(server, null);
  const res = await anonymous.get<{ documents: LiteratureDocument[] }>('/api/catalog/literature');
  documents = res.body.documents;
});
afterAll(() => server.dispose());

const single = async (doc: LiteratureDocument): Promise<Buffer> => {
  const res = await fetch(
    `${server.url}/api/catalog/pdf-file-download?page=${encodeURIComponent(doc.file.replace(/\.pdf$/, ''))}`,
  );
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${doc.file}"`);
  return Buffer.from(await res.arrayBuffer());
};

const postZip = (body: unknown) =>
  fetch(`${server.url}/api/catalog/zip-file-download`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const expectField = async (res: Response, field: string) => {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody & { errors: { field: string }[] };
  expect(body.errors.map((e) => e.field)).toContain(field);
  expect(body.message.startsWith(`${field} `) || body.message.startsWith(`${field}:`)).toBe(true);
};

describe('GET /api/catalog/literature', () => {
  it('lists a spec sheet, an installation guide and a care guide for every collection, without a token', async () => {
    const res = await anonymous.get<{
      families: LiteratureFamily[];
      documents: LiteratureDocument[];
    }>('/api/catalog/literature');
    expect(res.status).toBe(200);
    const withProducts = new Set(
      catalogue.products
        .filter((p) => p.collectionSlug !== null && p.kind === 'finished-good')
        .map((p) => p.collectionSlug),
    );
    expect(res.body.families.map((f) => f.slug).sort()).toEqual([...withProducts].sort());
    expect(res.body.documents).toHaveLength(withProducts.size * LITERATURE_KINDS.length);
    for (const family of res.body.families) {
      expect(
        res.body.documents.filter((d) => d.family.slug === family.slug).map((d) => d.kind),
      ).toEqual([...LITERATURE_KINDS]);
    }
    for (const d of res.body.documents) {
      expect(d.file).toBe(`${d.family.slug}-${d.kind}.pdf`);
      expect(d.size).toBeGreaterThan(1000);
      expect(d.pages).toBeGreaterThanOrEqual(1);
    }
  });

  it('serves each document as a PDF of the listed size whose title names its family', async () => {
    const doc = documents.find((d) => d.kind === 'installation-guide');
    if (doc === undefined) throw new Error('no installation guide');
    const bytes = await single(doc);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(doc.size);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(doc.pages);
    expect(pdf.getTitle()).toContain(doc.family.name);
    // Made once: the same bytes again.
    expect((await single(doc)).equals(bytes)).toBe(true);
  });
});

describe('POST /api/catalog/zip-file-download', () => {
  it('streams a zip whose entries are exactly the chosen PDFs, each equal to its single download', async () => {
    const chosen = [documents[0], documents[4]].filter(
      (d): d is LiteratureDocument => d !== undefined,
    );
    expect(chosen).toHaveLength(2);
    const res = await postZip({
      files: chosen.map((d) => d.file),
      downloadFileName: 'My bathroom',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="My bathroom.zip"');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(chosen.map((d) => d.file).sort());
    for (const doc of chosen) {
      const entry = entries.get(doc.file) ?? Buffer.alloc(0);
      expect(entry.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(entry.equals(await single(doc))).toBe(true);
    }
  });

  it('takes names without .pdf, packs a name given twice once, and takes a token too', async () => {
    const doc = documents[1];
    if (doc === undefined) throw new Error('no document');
    const res = await api.call<string>('/api/catalog/zip-file-download', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ files: [doc.file.replace(/\.pdf$/, ''), doc.file] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="lavabo-literature.zip"',
    );
  });

  it('makes the download name safe: no path, quotes or control characters, .zip once', async () => {
    const doc = documents[0];
    if (doc === undefined) throw new Error('no document');
    for (const [given, expected] of [
      ['../../etc/passwd', 'etc-passwd.zip'],
      ['a"b; Set-Cookie: x=1', 'a-b- Set-Cookie- x-1.zip'],
      ['Guides.zip', 'Guides.zip'],
      ['Café', 'Cafe.zip'],
      ['///', 'lavabo-literature.zip'],
    ] as const) {
      const res = await postZip({ files: [doc.file], downloadFileName: given });
      expect(res.status, given).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${expected}"`);
      expect(res.headers.get('set-cookie')).toBeNull();
      await res.arrayBuffer();
    }
    // Control characters are refused at the API's boundary (server/http/control-characters.ts).
    await expectField(
      await postZip({ files: [doc.file], downloadFileName: 'a\r\nSet-Cookie: x=1' }),
      'downloadFileName',
    );
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const file = documents[0]?.file ?? '';
    await expectField(await postZip({}), 'files');
    await expectField(await postZip({ files: [] }), 'files');
    await expectField(await postZip({ files: 'a.pdf' }), 'files');
    await expectField(
      await postZip({ files: Array.from({ length: MAX_ZIP_FILES + 1 }, (_, i) => `f${i}.pdf`) }),
      'files',
    );
    await expectField(await postZip({ files: [file, 'nothing-here.pdf'] }), 'files[1]');
    await expectField(await postZip({ files: [file, 7] }), 'files[1]');
    await expectField(await postZip({ files: ['../../etc/passwd'] }), 'files[0]');
    await expectField(await postZip({ files: [file], downloadFileName: 42 }), 'downloadFileName');
    await expectField(await postZip({ files: [file], extra: true }), 'extra');
    await expectField(await postZip([file]), 'body');
    const notJson = await fetch(`${server.url}/api/catalog/zip-file-download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"files": [',
    });
    expect(notJson.status).toBe(400);
  });
});

describe('GET /api/catalog/zip-file-download', () => {
  it('zips the files named in the query, repeated or comma-separated', async () => {
    const [a, b, c] = documents;
    if (a === undefined || b === undefined || c === undefined) throw new Error('no documents');
    const res = await fetch(
      `${server.url}/api/catalog/zip-file-download?files=${a.file},${b.file}&files=${c.file}&downloadFileName=Three`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Three.zip"');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual([a.file, b.file, c.file].sort());
  });

  it('refuses a missing or unknown file, naming it', async () => {
    await expectField(
      await fetch(`${server.url}/api/catalog/zip-file-download`),
      'querystring.files',
    );
    await expectField(
      await fetch(`${server.url}/api/catalog/zip-file-download?files=nope.pdf`),
      'files[0]',
    );
  });
});
