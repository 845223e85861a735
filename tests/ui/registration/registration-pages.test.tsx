/**
 * The four registration screens over a scripted CRM: the offline form (suggestions, errors tied to
 * their fields, the upload, §4 submit states, confirmation), online registration from order lines,
 * My products (with removes of registered and saved products) and My services (loading, empty,
 * error with retry, content).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TYPES } from '../../../adapters/di/types';
import { pickList, type ShoppingList } from '../../../core/lists/shopping-list';
import { UPLOAD_MESSAGES } from '../../../core/registration/registration-rules';
import { MemoryListGateway } from '../../core/lists/list-doubles';
import {
  deferred,
  NOW,
  item,
  myProduct,
  myService,
  owner,
  registration,
  registrationContainer,
  renderRegistration,
  ScriptedGateway,
  signIn,
} from './harness';

afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const fillOffline = () => {
  type('Model number', 'K-1234');
  type('Purchase date', '2026-05-01');
  type('Place of purchase', 'Showroom');
  const ownerPart = screen.getByRole('group', { name: 'Owner' });
  const set = (label: string, value: string) =>
    fireEvent.change(within(ownerPart).getByLabelText(label), { target: { value } });
  set('First name', owner.firstName);
  set('Last name', owner.lastName);
  set('Email', owner.email);
  set('Phone', owner.mobile);
  set('Street address', owner.streetName);
  set('City', owner.city);
  set('State or province', owner.state);
  set('ZIP or postal code', owner.postalCode);
};

describe('Register offline page', () => {
  it('names each problem on its field and in a summary that takes focus', async () => {
    renderRegistration(
      registrationContainer(new ScriptedGateway()),
      '/en/register-product/offline',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Register a product bought in a store',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Register product' }));
    const summary = await screen.findByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('link', { name: /^Model number/ })).toBeTruthy();
    const model = screen.getByLabelText('Model number');
    expect(model.getAttribute('aria-invalid')).toBe('true');
    const described = (model.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Enter the model number.',
    );
    expect(screen.getByLabelText('Place of purchase').getAttribute('aria-describedby')).toBe(
      'reg-placeOfPurchase-error',
    );
  });

  it('suggests catalogue models, discontinued ones marked, and says when none match', async () => {
    const gateway = new ScriptedGateway();
    renderRegistration(registrationContainer(gateway), '/en/register-product/offline');
    type('Model number', 'K-12');
    await screen.findByText('2 matching model numbers');
    const options = [...document.querySelectorAll('datalist option')].map((o) => o.textContent);
    expect(options).toEqual(['Purist kitchen faucet', 'Old faucet (discontinued)']);
    type('Model number', 'K-99');
    expect(
      await screen.findByText('We could not find this model number. Check it and try again.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Model number').getAttribute('aria-invalid')).toBe('true');
  });

  it('starts from the model the product page named', async () => {
    const gateway = new ScriptedGateway();
    renderRegistration(
      registrationContainer(gateway),
      '/en/register-product/offline?model=K-1234-CP',
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Model number') as HTMLInputElement).value).toBe('K-1234-CP'),
    );
  });

  it('uploads the receipt with progress, registers, and confirms', async () => {
    const gateway = new ScriptedGateway();
    const upload = deferred<void>();
    const base = gateway.onUpload;
    gateway.onUpload = async (f, progress) => {
      progress?.({ loaded: 3, total: 4 });
      await upload.promise;
      return base(f);
    };
    const answer = deferred<{
      success: string;
      registrations: ReturnType<typeof registration>[];
    }>();
    gateway.onSubmit = () => answer.promise;
    renderRegistration(registrationContainer(gateway), '/en/register-product/offline');
    fillOffline();
    const receipt = new File(['%PDF-1.4'], 'My Receipt.PDF', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Proof of purchase'), { target: { files: [receipt] } });
    expect(await screen.findByText('Uploading my-receipt.pdf… 75%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    await act(async () => upload.resolve());
    expect(await screen.findByText('my-receipt.pdf is uploaded.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Register product' }));
    const button = screen.getByRole('button', { name: 'Register product' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(gateway.submitted[0]).toMatchObject({
      modelNumber: 'K-1234',
      proofOfPurchase: 'asset-1',
    });
    await act(async () =>
      answer.resolve({
        success: 'true',
        registrations: [
          registration({
            proofOfPurchase: {
              assetId: 'asset-1',
              fileName: 'my-receipt.pdf',
              contentType: 'application/pdf',
              size: 8,
              url: '/crm/asset/asset-1',
            },
          }),
        ],
      }),
    );
    const done = await screen.findByRole('heading', {
      name: 'Thank you. Your product is registered.',
    });
    expect(document.activeElement).toBe(done);
    expect(screen.getByText('my-receipt.pdf')).toBeTruthy();
    // A guest is told how the registration reaches their account.
    expect(
      screen.getByText(`Sign in with ${owner.email} to find it under My products.`),
    ).toBeTruthy();
  });

  it('says why a file is refused, on the upload field', async () => {
    const gateway = new ScriptedGateway();
    gateway.onUpload = async () => ({
      kind: 'refused',
      reason: 'unsupported-type',
      message: UPLOAD_MESSAGES.unsupportedType,
    });
    renderRegistration(registrationContainer(gateway), '/en/register-product/offline');
    const input = screen.getByLabelText('Proof of purchase');
    fireEvent.change(input, {
      target: { files: [new File(['MZ'], 'setup.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText(UPLOAD_MESSAGES.unsupportedType)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('reg-proofOfPurchase-error');
  });

  it('shows the server’s refusal and re-enables the button', async () => {
    const gateway = new ScriptedGateway();
    gateway.onSubmit = async () => ({
      success: 'false',
      message: 'Please check the highlighted fields.',
      fieldErrors: [{ field: 'owner.postalCode', message: 'Enter a ZIP code like 10001.' }],
    });
    renderRegistration(registrationContainer(gateway), '/en/register-product/offline');
    fillOffline();
    fireEvent.click(screen.getByRole('button', { name: 'Register product' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Please check the highlighted fields.')).toBeTruthy();
    expect(
      within(summary).getByRole('link', {
        name: 'ZIP or postal code: Enter a ZIP code like 10001.',
      }),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Register product' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('prefills the owner for a signed-in shopper', async () => {
    const container = registrationContainer(new ScriptedGateway());
    await signIn(container);
    renderRegistration(container, '/en/register-product/offline');
    const ownerPart = screen.getByRole('group', { name: 'Owner' });
    await waitFor(() =>
      expect((within(ownerPart).getByLabelText('Email') as HTMLInputElement).value).toBe(
        'homeowner@lavabo.test',
      ),
    );
  });
});

describe('Register online page', () => {
  it('asks a guest to sign in, with the in-store form one link away', async () => {
    const gateway = new ScriptedGateway();
    renderRegistration(registrationContainer(gateway), '/en/register-product/online');
    const signInLink = await screen.findByRole('link', { name: 'Sign in' });
    expect(signInLink.getAttribute('href')).toBe(
      `/en/login?redirect=${encodeURIComponent('/en/register-product/online')}`,
    );
    expect(
      screen.getByRole('link', { name: 'Register a product without an account' }),
    ).toBeTruthy();
  });

  it('registers the picked order lines in one step; registered lines say so', async () => {
    const gateway = new ScriptedGateway();
    gateway.items = async () => [
      item(),
      item({
        lineItemId: 'line-2',
        sku: 'K-5678',
        title: 'Toilet',
        finish: null,
        registrationId: 'reg-9',
      }),
    ];
    gateway.onSubmit = async () => ({
      success: 'true',
      registrations: [registration({ id: 'reg-2', kind: 'online' })],
      items: [
        {
          orderNumber: 'LV-100001',
          lineItemId: 'line-1',
          sku: 'K-1234-CP',
          status: 'registered',
          registrationId: 'reg-2',
        },
      ],
    });
    const container = registrationContainer(gateway);
    await signIn(container);
    renderRegistration(container, '/en/register-product/online');
    const faucet = (await screen.findByRole('checkbox', {
      name: 'Purist kitchen faucet (Polished Chrome)',
    })) as HTMLInputElement;
    const toilet = screen.getByRole('checkbox', { name: 'Toilet' }) as HTMLInputElement;
    expect(toilet.disabled).toBe(true);
    expect(toilet.checked).toBe(true);
    expect(screen.getByText(/Already registered/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Register product' }));
    expect(await screen.findByText('Choose at least one item to register.')).toBeTruthy();
    expect(gateway.submitted).toEqual([]);

    fireEvent.click(faucet);
    fireEvent.click(screen.getByRole('button', { name: 'Register product' }));
    expect(await screen.findByText(/Thank you\. 1 product is registered\./)).toBeTruthy();
    expect(gateway.submitted).toEqual([
      { kind: 'online', items: [{ orderNumber: 'LV-100001', lineItemId: 'line-1' }] },
    ]);
    expect(faucet.disabled).toBe(true);
    expect(screen.getAllByText(/Already registered/)).toHaveLength(2);
  });

  it('offers a way forward when there is nothing to register, and a retry on failure', async () => {
    const gateway = new ScriptedGateway();
    let fail = true;
    gateway.items = async () => {
      if (fail) throw new Error('offline');
      return [];
    };
    const container = registrationContainer(gateway);
    await signIn(container);
    renderRegistration(container, '/en/register-product/online');
    expect(await screen.findByText('We could not load your orders.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No ordered products to register yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register a product bought in a store' })).toBeTruthy();
  });
});

describe('My products page', () => {
  it('shows finish, purchase date, warranty, documents and fitting parts, and removes', async () => {
    const gateway = new ScriptedGateway();
    gateway.products = async () => [
      myProduct(),
      myProduct({
        source: 'saved',
        sku: 'K-777',
        title: 'Saved sink',
        finish: null,
        registrationId: null,
        listLineItemId: 'line-7',
        purchaseDate: null,
        warranty: { text: 'Limited lifetime', years: null, status: 'lifetime', endsOn: null },
        specSheetUrl: null,
        documents: [],
        fittingParts: [],
      }),
    ];
    renderRegistration(registrationContainer(gateway), '/en/account/my-products');
    expect(screen.getByText('Loading your products…')).toBeTruthy();
    const faucet = await screen.findByRole('article', { name: 'Purist kitchen faucet' });
    expect(within(faucet).getByText('Polished Chrome')).toBeTruthy();
    expect(within(faucet).getByText('May 1, 2026')).toBeTruthy();
    expect(within(faucet).getByText('Limited 5 years: covered until April 30, 2031')).toBeTruthy();
    expect(within(faucet).getByRole('link', { name: 'Spec sheet' }).getAttribute('href')).toBe(
      '/api/catalog/spec-sheet/K-1234',
    );
    expect(within(faucet).getByRole('link', { name: 'Installation guide' })).toBeTruthy();
    // The receipt kept with the registration downloads again, through the API (owner only).
    const receipt = within(faucet).getByRole('button', {
      name: 'Download my-receipt.pdf, the proof of purchase of Purist kitchen faucet',
    });
    expect(within(faucet).getByText('(47 KB)')).toBeTruthy();
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    const handed: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      handed.push(`${this.download} ${this.href}`);
    });
    try {
      fireEvent.click(receipt);
      expect(await screen.findByText('my-receipt.pdf is downloading.')).toBeTruthy();
      expect(gateway.read).toEqual(['asset-1']);
      expect(handed).toEqual(['my-receipt.pdf blob:receipt']);
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
    expect(within(faucet).getByRole('link', { name: 'Cartridge' }).getAttribute('href')).toBe(
      '/en/products/service-parts/cartridge.html?type=part',
    );
    const sink = screen.getByRole('article', { name: 'Saved sink' });
    expect(within(sink).getByText('Limited lifetime: covered for life')).toBeTruthy();

    const removeFaucet = within(faucet).getByRole('button', {
      name: 'Remove Purist kitchen faucet',
    });
    removeFaucet.focus();
    fireEvent.click(removeFaucet);
    expect(
      await screen.findByText('Purist kitchen faucet was removed from My products.'),
    ).toBeTruthy();
    expect(gateway.removed).toEqual(['reg-1']);
    expect(screen.queryByRole('article', { name: 'Purist kitchen faucet' })).toBeNull();
    // The next product's Remove takes focus, not the top of the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(sink).getByRole('button', { name: 'Remove Saved sink' }),
      ),
    );
  });

  it('takes a saved product off the MyProducts list, and only that list', async () => {
    const gateway = new ScriptedGateway();
    gateway.products = async () => [
      myProduct({
        source: 'saved',
        sku: 'K-777',
        title: 'Saved sink',
        registrationId: null,
        listLineItemId: 'line-7',
        purchaseDate: null,
      }),
    ];
    const lists = new MemoryListGateway(['K-777']);
    const myProducts: ShoppingList = {
      id: 'my-products',
      version: 3,
      name: { 'en-US': 'MyProducts' },
      lineItems: [
        {
          id: 'line-7',
          sku: 'K-777',
          productSlug: 'sink',
          name: 'Saved sink',
          addedAt: new Date(NOW).toISOString(),
        },
      ],
    };
    lists.lists.push(myProducts);
    const container = registrationContainer(gateway);
    container.rebind(TYPES.ShoppingListGateway).toConstantValue(lists);
    renderRegistration(container, '/en/account/my-products');
    const sink = await screen.findByRole('article', { name: 'Saved sink' });
    fireEvent.click(within(sink).getByRole('button', { name: 'Remove Saved sink' }));
    expect(await screen.findByText('Saved sink was removed from My products.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Saved sink' })).toBeNull();
    expect(gateway.removed).toEqual([]);
    expect(pickList(await lists.getLists('MyProducts'))?.lineItems).toEqual([]);
    // The same SKU among the favorites stays there.
    expect(lists.skus()).toEqual(['K-777']);
    expect(await screen.findByText('No products yet')).toBeTruthy();
  });

  it('offers registration when empty and a retry when loading fails', async () => {
    const gateway = new ScriptedGateway();
    let fail = true;
    gateway.products = async () => {
      if (fail) throw new Error('offline');
      return [];
    };
    renderRegistration(registrationContainer(gateway), '/en/account/my-products');
    expect(await screen.findByText('We could not load your products.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No products yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register a product' }).getAttribute('href')).toBe(
      '/en/register-product',
    );
  });
});

/** An install service saved to the MyServices list (its line line-3). */
const savedInstall = () =>
  myService({
    source: 'saved',
    sku: 'K-IS-1',
    title: 'Faucet installation',
    kind: 'install-service',
    status: 'Saved',
    orderNumber: null,
    orderedAt: null,
    listLineItemId: 'line-3',
  });

describe('My services page', () => {
  it('lists design and install services with their status', async () => {
    const gateway = new ScriptedGateway();
    gateway.services = async () => [myService(), savedInstall()];
    renderRegistration(registrationContainer(gateway), '/en/account/my-services');
    const design = await screen.findByRole('list', { name: 'Design services' });
    expect(within(design).getByText('Status: Confirmed')).toBeTruthy();
    expect(within(design).getByRole('link', { name: 'Order LV-100001' })).toBeTruthy();
    const install = screen.getByRole('list', { name: 'Install services' });
    expect(within(install).getByText('Status: Saved')).toBeTruthy();
    // Only a saved service can be removed here; an ordered one stays with its order.
    expect(within(design).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(
      within(install).getByRole('button', { name: 'Remove Faucet installation' }),
    ).toBeTruthy();
  });

  it('takes a saved service off the MyServices list, and says so', async () => {
    const gateway = new ScriptedGateway();
    gateway.services = async () => [myService(), savedInstall()];
    const lists = new MemoryListGateway(null);
    lists.lists.push({
      id: 'my-services',
      version: 2,
      name: { 'en-US': 'MyServices' },
      lineItems: [
        {
          id: 'line-3',
          sku: 'K-IS-1',
          productSlug: 'install',
          name: 'Faucet installation',
          addedAt: new Date(NOW).toISOString(),
        },
      ],
    });
    const container = registrationContainer(gateway);
    container.rebind(TYPES.ShoppingListGateway).toConstantValue(lists);
    renderRegistration(container, '/en/account/my-services');
    const remove = await screen.findByRole('button', { name: 'Remove Faucet installation' });
    remove.focus();
    fireEvent.click(remove);
    expect(
      await screen.findByText('Faucet installation was removed from My services.'),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Install services' })).toBeNull();
    expect(pickList(await lists.getLists('MyServices'))?.lineItems).toEqual([]);
    // No Remove left to take focus: the heading does.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'My services' }),
      ),
    );
    expect(screen.getByRole('list', { name: 'Design services' })).toBeTruthy();
  });

  it('offers the services when empty and a retry when loading fails', async () => {
    const gateway = new ScriptedGateway();
    let fail = true;
    gateway.services = async () => {
      if (fail) throw new Error('offline');
      return [];
    };
    renderRegistration(registrationContainer(gateway), '/en/account/my-services');
    expect(await screen.findByText('We could not load your services.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No services yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore design services' })).toBeTruthy();
  });
});
