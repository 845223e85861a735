/**
 * The literature adapters hold one contract (docs/api.md "Literature"), through the container the
 * storefront uses, over the same seeded catalogue: the HTTP gateway against the real server and
 * the offline demo's fake list the same families and documents (files, titles, kinds), and each
 * document downloads as a PDF under its own name, and the chosen documents zip under the same safe
 * name, each entry the document's own PDF (the server's with yazl, the demo's with fflate).
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import { LiteratureDownloadError, type LiteratureGateway } from '../../../core/literature/ports';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { buildDemoData } from '../../../scripts/demo-data';
import { startTestServer, type TestServer } from '../../support/test-server';
import { unzip } from '../../support/unzip';

let server: TestServer;
let demoData: DemoData;

beforeAll(async () => {
  server = await startTestServer();
  demoData = await buildDemoData();
}, 60_000);
afterAll(() => server.dispose());

const gatewayOf = async (mode: AdapterMode): Promise<LiteratureGateway> => {
  const c: Container = createContainer({
    mode,
    demoData,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });
  await c.get<EnsureSession>(TYPES.EnsureSession).execute();
  return c.get<LiteratureGateway>(TYPES.LiteratureGateway);
};

const bytesOf = async (body: unknown): Promise<Buffer> =>
  Buffer.from(await (body as Blob).arrayBuffer());

describe('literature adapters agree', () => {
  it('list the same families and documents', async () => {
    const [http, fake] = await Promise.all([gatewayOf('http'), gatewayOf('fake')]);
    const [a, b] = await Promise.all([http.list(), fake.list()]);
    expect(a.documents.length).toBeGreaterThan(0);
    expect(b.families).toEqual(a.families);
    const shape = (d: (typeof a.documents)[number]) => [d.file, d.title, d.kind, d.family];
    expect(b.documents.map(shape)).toEqual(a.documents.map(shape));
  });
});

describe.each<AdapterMode>(['http', 'fake'])('literature adapter (%s)', (mode) => {
  it('downloads a document as a PDF blob under its own name', async () => {
    const gateway = await gatewayOf(mode);
    const { documents } = await gateway.list();
    const doc = documents[2];
    if (doc === undefined) throw new Error('no documents');
    const file = await gateway.downloadPdf(doc);
    expect(file.fileName).toBe(doc.file);
    expect(file.body.size).toBe(doc.size);
    expect((await bytesOf(file.body)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses a document no family has', async () => {
    const gateway = await gatewayOf(mode);
    await expect(gateway.downloadPdf({ file: 'no-such-spec-sheet.pdf' })).rejects.toBeInstanceOf(
      LiteratureDownloadError,
    );
  });

  it('zips the chosen documents under a safe name, each entry the document itself', async () => {
    const gateway = await gatewayOf(mode);
    const { documents } = await gateway.list();
    const chosen = documents.slice(0, 2);
    const zip = await gateway.downloadZip(
      chosen.map((d) => d.file),
      'Mine/../x',
    );
    expect(zip.fileName).toBe('Mine-x.zip');
    const entries = await unzip(await bytesOf(zip.body));
    expect([...entries.keys()].sort()).toEqual(chosen.map((d) => d.file).sort());
    for (const doc of chosen) {
      const single = await bytesOf((await gateway.downloadPdf(doc)).body);
      expect(entries.get(doc.file)?.equals(single)).toBe(true);
    }
  });

  it('refuses a zip of nothing, or of a name that is no document, naming the field', async () => {
    const gateway = await gatewayOf(mode);
    const { documents } = await gateway.list();
    const first = documents[0]?.file ?? '';
    const refusal = (files: string[]) =>
      gateway.downloadZip(files, 'Mine').then(
        () => null,
        (e: unknown) => e,
      );
    const empty = await refusal([]);
    expect(empty).toBeInstanceOf(LiteratureDownloadError);
    expect((empty as LiteratureDownloadError).field).toBe('files');
    const unknown = await refusal([first, 'no-such-care-guide.pdf']);
    expect(unknown).toBeInstanceOf(LiteratureDownloadError);
    expect((unknown as LiteratureDownloadError).field).toBe('files[1]');
  });
});
