/**
 * Renders the registration screens inside the app's auth provider over the demo container, with a
 * scripted registration gateway in place of the fake, so each test says what the CRM answers.
 */
import { render } from '@testing-library/react';
import type { Container } from 'inversify';
import { runInAction } from 'mobx';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { TYPES } from '../../../adapters/di/types';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import type { SignIn } from '../../../core/auth/sign-in';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import type {
  DownloadedAsset,
  MyProduct,
  MyService,
  ProductRegistration,
  ProductRegistrationRequest,
  RegistrableItem,
  RegistrationGateway,
  RegistrationResponse,
  UploadAnswer,
  UploadedAsset,
  UploadFile,
  UploadProgress,
} from '../../../core/registration/ports';
import type { ModelSuggestion } from '../../../core/registration/registration-state';
import { ManualClock } from '../../../core/shared/clock';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import MyProductsPage from '../../../ui/pages/my-products-page';
import MyServicesPage from '../../../ui/pages/my-services-page';
import RegisterOfflinePage from '../../../ui/pages/register-offline-page';
import RegisterOnlinePage from '../../../ui/pages/register-online-page';
import { testContainer } from '../support/test-container';

export const NOW = Date.parse('2026-06-15T12:00:00.000Z');
export const PLACES = ['Lavabo online', 'Showroom', 'Retailer'];

/** A promise the test settles when it wants. */
export const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

export const owner = {
  firstName: 'Ada',
  lastName: 'Byron',
  email: 'ada@example.com',
  mobile: '2125550123',
  streetName: '1 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

export const registration = (over: Partial<ProductRegistration> = {}): ProductRegistration => ({
  id: 'reg-1',
  kind: 'offline',
  modelNumber: 'K-1234-CP',
  productSku: 'K-1234',
  title: 'Purist kitchen faucet',
  finish: 'Polished Chrome',
  purchaseDate: '2026-05-01',
  placeOfPurchase: 'Showroom',
  serialNumber: null,
  owner,
  installationAddress: null,
  proofOfPurchase: null,
  orderNumber: null,
  lineItemId: null,
  registeredAt: '2026-06-15T12:00:00.000Z',
  ...over,
});

export const myProduct = (over: Partial<MyProduct> = {}): MyProduct => ({
  source: 'registered',
  sku: 'K-1234-CP',
  productSku: 'K-1234',
  title: 'Purist kitchen faucet',
  finish: 'Polished Chrome',
  image: '/images/k-1234.svg',
  url: '/en/products/kitchen-faucets/purist.html?skuid=K-1234-CP',
  discontinued: false,
  registrationId: 'reg-1',
  listLineItemId: null,
  purchaseDate: '2026-05-01',
  serialNumber: null,
  proofOfPurchase: {
    assetId: 'asset-1',
    fileName: 'my-receipt.pdf',
    contentType: 'application/pdf',
    size: 48_213,
    url: '/crm/asset/asset-1',
  },
  warranty: { text: 'Limited 5 years', years: 5, status: 'active', endsOn: '2031-04-30' },
  specSheetUrl: '/api/catalog/spec-sheet/K-1234',
  documents: [
    { type: 'installation', title: 'Installation guide', url: '/docs/k-1234-install.pdf' },
  ],
  fittingParts: [
    {
      sku: 'K-P100',
      title: 'Cartridge',
      url: '/en/products/service-parts/cartridge.html?type=part',
    },
  ],
  ...over,
});

export const myService = (over: Partial<MyService> = {}): MyService => ({
  source: 'ordered',
  sku: 'K-DS-1',
  title: 'Kitchen design consultation',
  kind: 'design-service',
  image: '/images/ds.svg',
  url: '/en/products/design-services/kitchen-design.html',
  status: 'Confirmed',
  orderNumber: 'LV-100001',
  orderedAt: '2026-03-01T10:00:00.000Z',
  listLineItemId: null,
  ...over,
});

export const item = (over: Partial<RegistrableItem> = {}): RegistrableItem => ({
  orderNumber: 'LV-100001',
  lineItemId: 'line-1',
  sku: 'K-1234-CP',
  title: 'Purist kitchen faucet',
  image: '/images/k-1234.svg',
  finish: 'Polished Chrome',
  orderedAt: '2026-03-01T10:00:00.000Z',
  registrationId: null,
  ...over,
});

/** Each call answers what the test put in its queue (or the default). */
export class ScriptedGateway implements RegistrationGateway {
  submitted: ProductRegistrationRequest[] = [];
  uploads: string[] = [];
  queries: string[] = [];
  onSubmit: (r: ProductRegistrationRequest) => Promise<RegistrationResponse> = async () => ({
    success: 'true',
    registrations: [registration()],
  });
  onUpload: (f: UploadFile, p?: (p: UploadProgress) => void) => Promise<UploadAnswer> = async (
    f,
  ) => ({
    kind: 'uploaded',
    asset: {
      assetId: 'asset-1',
      fileName: f.name,
      contentType: 'application/pdf',
      size: f.size,
      url: '/crm/asset/asset-1',
    },
  });
  models: (q: string) => Promise<readonly ModelSuggestion[]> = async (q) =>
    q.startsWith('K-12')
      ? [
          { modelNumber: 'K-1234', title: 'Purist kitchen faucet', discontinued: false },
          { modelNumber: 'K-1299', title: 'Old faucet', discontinued: true },
        ]
      : [];
  products: () => Promise<readonly MyProduct[]> = async () => [myProduct()];
  services: () => Promise<readonly MyService[]> = async () => [myService()];
  items: () => Promise<readonly RegistrableItem[]> = async () => [item()];
  removed: string[] = [];

  submit(request: ProductRegistrationRequest) {
    this.submitted.push(request);
    return this.onSubmit(request);
  }
  fetchRegistrations() {
    return Promise.resolve([registration()]);
  }
  removeRegistration(id: string) {
    this.removed.push(id);
    return Promise.resolve(true);
  }
  myProducts() {
    return this.products();
  }
  myServices() {
    return this.services();
  }
  registrableItems() {
    return this.items();
  }
  suggestModels(query: string) {
    this.queries.push(query);
    return this.models(query);
  }
  read: string[] = [];
  onRead: (asset: Pick<UploadedAsset, 'assetId' | 'fileName'>) => Promise<DownloadedAsset> = async (
    asset,
  ) => ({
    fileName: asset.fileName,
    contentType: 'application/pdf',
    bytes: new TextEncoder().encode('%PDF-1.4'),
  });
  readAsset(asset: Pick<UploadedAsset, 'assetId' | 'fileName'>) {
    this.read.push(asset.assetId);
    return this.onRead(asset);
  }
  uploadAsset(file: UploadFile, onProgress?: (p: UploadProgress) => void) {
    this.uploads.push(file.name);
    return this.onUpload(file, onProgress);
  }
}

const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const ROUTES: readonly { path: string; Component: ComponentType }[] = [
  { path: '/en/register-product/offline', Component: RegisterOfflinePage },
  { path: '/en/register-product/online', Component: RegisterOnlinePage },
  { path: '/en/account/my-products', Component: MyProductsPage },
  { path: '/en/account/my-services', Component: MyServicesPage },
];

export const CONFIGURATION = {
  ...DEFAULT_CONFIGURATION,
  lists: { ...DEFAULT_CONFIGURATION.lists, placeOfPurchase: PLACES },
};

export const registrationContainer = (gateway: RegistrationGateway): Container =>
  testContainer({
    overrides: {
      RegistrationGateway: gateway,
      Clock: new ManualClock(NOW),
      ConfigurationGateway: { load: () => Promise.resolve(CONFIGURATION) },
    },
  });

export const signIn = async (container: Container, email = 'homeowner@lavabo.test') => {
  const outcome = await container
    .get<SignIn>(TYPES.SignIn)
    .execute({ username: email, password: DEMO_PASSWORD });
  if (outcome.kind !== 'success') throw new Error(`demo sign-in: ${outcome.kind}`);
};

export const renderRegistration = (container: Container, url: string) => {
  const auth = createAuthViewModel(container);
  runInAction(() => {
    auth.configuration = CONFIGURATION;
  });
  const Layout = () => (
    <AuthProvider viewModel={auth}>
      <Outlet />
      <LocationProbe />
    </AuthProvider>
  );
  const router = createMemoryRouter(
    [{ element: <Layout />, children: ROUTES.map((r) => ({ ...r })) }],
    { initialEntries: [url] },
  );
  return {
    auth,
    ...render(
      <ContainerProvider container={container}>
        <RouterProvider router={router} />
      </ContainerProvider>,
    ),
  };
};
