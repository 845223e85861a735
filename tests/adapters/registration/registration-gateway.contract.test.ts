/**
 * The registration adapters hold one contract (docs/registration.md), run through the container
 * the storefront uses on both families with the same inputs: the HTTP gateway against the real
 * server, and the offline demo's fake over the same seeded catalogue. Answers are io-ts decoded
 * (HTTP) and must agree: success as the string 'true', the same fields named for the same bad
 * form, the same upload refusals for the same bytes, and my products built from the same facts.
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { CustomerAccounts } from '../../../core/auth/ports';
import type { SignIn } from '../../../core/auth/sign-in';
import {
  AssetNotFoundError,
  type OfflineRegistrationRequest,
  type RegistrationGateway,
  type UploadProgress,
} from '../../../core/registration/ports';
import { MAX_UPLOAD_BYTES } from '../../../core/registration/registration-rules';
import type { SubmitProductRegistration } from '../../../core/registration/submit-product-registration';
import type {
  DownloadProofOfPurchase,
  LoadMyProducts,
  LoadRegistrations,
  SuggestModelNumbers,
  UploadProofOfPurchase,
} from '../../../core/registration/use-cases';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { buildDemoData } from '../../../scripts/demo-data';
import { GENEROUS_RATE_LIMITS, startTestServer, type TestServer } from '../../support/test-server';
import { ELF, PDF, PNG } from '../../server/crm/files';

let server: TestServer;
let demoData: DemoData;
let model: string;
let discontinued: string;

beforeAll(async () => {
  server = await startTestServer();
  demoData = await buildDemoData();
  const finished = await server.db.query<{ sku: string }>(
    `SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
     WHERE p.kind = 'finished-good' AND v.discontinued_at IS NULL
       AND EXISTS (SELECT 1 FROM products q WHERE q.kind = 'part' AND p.sku = ANY (q.fits_models))
     ORDER BY v.sku LIMIT 1`,
  );
  model = finished.rows[0]?.sku ?? '';
  const gone = await server.db.query<{ sku: string }>(
    `SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
     WHERE p.kind = 'finished-good' AND v.discontinued_at < now() ORDER BY v.sku LIMIT 1`,
  );
  discontinued = gone.rows[0]?.sku ?? '';
}, 60_000);
afterAll(() => server.dispose());

const tab = (mode: AdapterMode): Container =>
  createContainer({
    mode,
    demoData,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

const OWNER = {
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.test',
  mobile: '2125550123',
  streetName: '1 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

const form = (over: Partial<OfflineRegistrationRequest> = {}): OfflineRegistrationRequest => ({
  kind: 'offline',
  modelNumber: model,
  purchaseDate: '2025-03-15',
  placeOfPurchase: 'Showroom',
  owner: OWNER,
  ...over,
});

const file = (name: string, type: string, bytes: Uint8Array) => ({
  name,
  type,
  size: bytes.byteLength,
  body: bytes,
});

describe.each<AdapterMode>(['http', 'fake'])('registration adapters (%s)', (mode) => {
  it('suggests model numbers, discontinued ones included', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const suggest = c.get<SuggestModelNumbers>(TYPES.SuggestModelNumbers);
    expect(await suggest.execute(discontinued.toLowerCase())).toContainEqual(
      expect.objectContaining({ modelNumber: discontinued, discontinued: true }),
    );
    expect(await suggest.execute('K-NO-SUCH-MODEL')).toEqual([]);
  });

  it('uploads by the bytes, names by spec §5 and refuses the same files', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const upload = c.get<UploadProofOfPurchase>(TYPES.UploadProofOfPurchase);
    const gateway = c.get<RegistrationGateway>(TYPES.RegistrationGateway);
    const progress: UploadProgress[] = [];
    const answer = await upload.execute(file('My Receipt.PNG', '', PNG), (p) => progress.push(p));
    expect(answer).toMatchObject({
      kind: 'uploaded',
      asset: { fileName: 'my-receipt.png', contentType: 'image/png', size: PNG.byteLength },
    });
    expect(progress.at(-1)?.loaded).toBe(PNG.byteLength);
    expect(await upload.execute(file('invoice.pdf', 'application/pdf', ELF))).toMatchObject({
      kind: 'refused',
      reason: 'unsupported-type',
    });
    // Past the use case's own checks: the gateway maps the refusal, it does not throw.
    expect(
      await gateway.uploadAsset(file('empty.pdf', 'application/pdf', new Uint8Array(0))),
    ).toMatchObject({
      kind: 'refused',
      reason: 'empty',
    });
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PDF);
    expect(await gateway.uploadAsset(file('big.pdf', 'application/pdf', big))).toMatchObject({
      kind: 'refused',
      reason: 'too-large',
    });
  });

  it('names the same fields for the same bad form', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const submit = c.get<SubmitProductRegistration>(TYPES.SubmitProductRegistration);
    const result = await submit.execute(
      form({
        modelNumber: 'K-NO-SUCH-MODEL',
        purchaseDate: '2999-01-01',
        placeOfPurchase: 'A car boot sale',
        serialNumber: 'has spaces',
        owner: { ...OWNER, postalCode: 'ABCDE', email: 'nope' },
        proofOfPurchase: '00000000-0000-4000-8000-000000000000',
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.fieldErrors.map((e) => e.field).sort()).toEqual(
      [
        'modelNumber',
        'owner.email',
        'owner.postalCode',
        'placeOfPurchase',
        'proofOfPurchase',
        'purchaseDate',
        'serialNumber',
      ].sort(),
    );
    expect(result.error.message).toMatch(/purchaseDate/);
  });

  it('registers with a proof of purchase and lists it in my products', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const upload = await c
      .get<UploadProofOfPurchase>(TYPES.UploadProofOfPurchase)
      .execute(file('receipt.pdf', 'application/pdf', PDF));
    if (upload.kind !== 'uploaded') throw new Error('upload refused');
    const submit = c.get<SubmitProductRegistration>(TYPES.SubmitProductRegistration);
    const result = await submit.execute(
      form({ serialNumber: 'SN-1', proofOfPurchase: upload.asset.assetId }),
    );
    expect(result).toMatchObject({
      ok: true,
      value: { registrations: [{ modelNumber: model, serialNumber: 'SN-1' }] },
    });
    // A proof proves one registration.
    const again = await submit.execute(form({ proofOfPurchase: upload.asset.assetId }));
    expect(again.ok ? [] : again.error.fieldErrors.map((e) => e.field)).toEqual([
      'proofOfPurchase',
    ]);
    const registrations = await c.get<LoadRegistrations>(TYPES.LoadRegistrations).execute();
    expect(registrations).toHaveLength(1);
    expect(registrations[0]?.proofOfPurchase?.fileName).toBe('receipt.pdf');
    const [mine] = await c.get<LoadMyProducts>(TYPES.LoadMyProducts).execute();
    expect(mine).toMatchObject({ source: 'registered', sku: model, purchaseDate: '2025-03-15' });
    expect(mine?.warranty.status).not.toBe('unknown');
    expect(mine?.documents.length).toBeGreaterThan(0);
    expect(mine?.fittingParts.length).toBeGreaterThan(0);
    // The receipt is kept with it, and reads back byte for byte, to its owner only.
    expect(mine?.proofOfPurchase).toEqual(upload.asset);
    const proof = c.get<DownloadProofOfPurchase>(TYPES.DownloadProofOfPurchase);
    const read = await proof.execute(upload.asset);
    expect(read).toMatchObject({ fileName: 'receipt.pdf', contentType: 'application/pdf' });
    expect([...read.bytes]).toEqual([...PDF]);
    const stranger = tab(mode);
    await stranger.get<EnsureSession>(TYPES.EnsureSession).execute();
    await expect(
      stranger.get<DownloadProofOfPurchase>(TYPES.DownloadProofOfPurchase).execute(upload.asset),
    ).rejects.toBeInstanceOf(AssetNotFoundError);
    const gateway = c.get<RegistrationGateway>(TYPES.RegistrationGateway);
    expect(await gateway.removeRegistration('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await gateway.removeRegistration(registrations[0]?.id ?? '')).toBe(true);
    expect(await gateway.fetchRegistrations()).toEqual([]);
  });

  it('refuses online registration to a guest without throwing, and lists no order lines', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const gateway = c.get<RegistrationGateway>(TYPES.RegistrationGateway);
    const answer = await gateway.submit({
      kind: 'online',
      items: [{ orderNumber: 'LV-ABCDEFGHJK', lineItemId: 'x' }],
    });
    expect(answer.success).not.toBe('true');
    expect(await gateway.registrableItems()).toEqual([]);
  });

  it("joins a guest's registration to the account signed in from that tab, by the owner e-mail", async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const email = `reg-${mode}-${Date.now()}@example.test`;
    const upload = await c
      .get<UploadProofOfPurchase>(TYPES.UploadProofOfPurchase)
      .execute(file('receipt.png', 'image/png', PNG));
    if (upload.kind !== 'uploaded') throw new Error('upload refused');
    const submit = c.get<SubmitProductRegistration>(TYPES.SubmitProductRegistration);
    expect(
      (
        await submit.execute(
          form({ owner: { ...OWNER, email }, proofOfPurchase: upload.asset.assetId }),
        )
      ).ok,
    ).toBe(true);
    // Another owner's e-mail stays with the guest session.
    expect((await submit.execute(form())).ok).toBe(true);
    const password = 'Sturdy-Tap-2026!';
    const created = await c.get<CustomerAccounts>(TYPES.CustomerAccounts).signUp({
      email,
      password,
      firstName: 'Ada',
      lastName: 'Byron',
      accountType: 'homeowner',
    });
    expect(created.kind).toBe('created');
    const outcome = await c.get<SignIn>(TYPES.SignIn).execute({ username: email, password });
    expect(outcome.kind).toBe('success');
    const mine = await c.get<LoadRegistrations>(TYPES.LoadRegistrations).execute();
    expect(mine.map((r) => r.owner.email)).toEqual([email]);
    expect(mine[0]?.proofOfPurchase?.assetId).toBe(upload.asset.assetId);
  });
});

describe('the HTTP gateway over the shop’s upload limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      rateLimits: {
        ...GENEROUS_RATE_LIMITS,
        upload: { perClient: { max: 1, windowMs: 60 * 60_000 }, perAccount: null },
      },
    });
  }, 60_000);
  afterAll(() => limited.dispose());

  it('answers a refusal that says how long to wait, not a thrown failure', async () => {
    const c = createContainer({
      mode: 'http',
      demoData,
      config: { ...defaultAppConfig, apiBaseUrl: limited.api },
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const upload = c.get<UploadProofOfPurchase>(TYPES.UploadProofOfPurchase);
    expect((await upload.execute(file('receipt.png', 'image/png', PNG))).kind).toBe('uploaded');
    const refused = await upload.execute(file('receipt.png', 'image/png', PNG));
    expect(refused).toMatchObject({ kind: 'refused', reason: 'too-many' });
    expect(refused.kind === 'refused' ? refused.message : '').toMatch(
      /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
    );
  });
});
