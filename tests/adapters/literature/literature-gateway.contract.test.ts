/**
 * The literature adapters hold one contract (docs/api.md "Literature"), through the container the
 * storefront uses, over the same seeded catalogue: the HTTP gateway against the real server and
 * the offline demo's fake list the same families and documents (files, titles, kinds), and each
 * document downloads as a PDF under its own name. The zip: HTTP answers one under the server's
 * safe name; the fake says bundling needs the server (the demo's choice).
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import { LiteratureDownloadError, type LiteratureGateway } from '../../../core/literature/ports';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { ZIP_NEEDS_SERVER } from '../../../adapters/fake/literature/fake-literature-gateway';
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

  it('zips the chosen documents (http) or says the demo cannot (fake)', async () => {
    const gateway = await gatewayOf(mode);
    const { documents } = await gateway.list();
    const chosen = documents.slice(0, 2).map((d) => d.file);
    if (mode === 'fake') {
      await expect(gateway.downloadZip(chosen, 'Mine')).rejects.toThrow(ZIP_NEEDS_SERVER);
      return;
    }
    const zip = await gateway.downloadZip(chosen, 'Mine/../x');
    expect(zip.fileName).toBe('Mine-x.zip');
    const entries = await unzip(await bytesOf(zip.body));
    expect([...entries.keys()].sort()).toEqual([...chosen].sort());
    const refused = await gateway.downloadZip([], 'Mine').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LiteratureDownloadError);
    expect((refused as LiteratureDownloadError).field).toBe('files');
  });
});
