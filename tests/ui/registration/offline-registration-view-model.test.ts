/**
 * The offline form's model (spec §3/§4/§5): 0 model suggestions set invalidModelNumber; problems
 * name their fields before anything is sent; the upload reports progress and says why a file is
 * refused; submit disables, then isSuccess or submitError, re-enabled either way.
 */
import { describe, expect, it } from 'vitest';
import { SubmitProductRegistration } from '../../../core/registration/submit-product-registration';
import { SuggestModelNumbers, UploadProofOfPurchase } from '../../../core/registration/use-cases';
import {
  REGISTRATION_MESSAGES,
  UPLOAD_MESSAGES,
} from '../../../core/registration/registration-rules';
import {
  OfflineRegistrationViewModel,
  UPLOAD_IN_PROGRESS,
} from '../../../ui/registration/offline-registration-view-model';
import { deferred, owner, PLACES, registration, ScriptedGateway } from './harness';

const model = (gateway = new ScriptedGateway()) => ({
  gateway,
  vm: new OfflineRegistrationViewModel({
    submit: new SubmitProductRegistration(gateway),
    upload: new UploadProofOfPurchase(gateway),
    suggest: new SuggestModelNumbers(gateway),
    today: () => '2026-06-15',
    places: () => PLACES,
  }),
});

const fill = (vm: OfflineRegistrationViewModel) => {
  vm.modelNumber = 'k-1234-cp';
  vm.setPurchaseDate('2026-05-01');
  vm.setPlaceOfPurchase('Showroom');
  for (const [field, value] of Object.entries(owner))
    vm.setOwner(field as keyof typeof owner, value);
};

const file = (name: string, size: number) => ({
  name,
  type: 'application/pdf',
  size,
  body: new Uint8Array(Math.min(size, 8)),
});

describe('Offline registration view model', () => {
  it('sets invalidModelNumber when the catalogue has no model starting so, and clears it on a match', async () => {
    const { vm } = model();
    await vm.searchModels('K-99');
    expect(vm.state.invalidModelNumber).toBe(true);
    expect(vm.modelNumberError).toBe(REGISTRATION_MESSAGES.modelNumberUnknown);
    await vm.searchModels('K-12');
    expect(vm.state.invalidModelNumber).toBe(false);
    expect(vm.state.suggestions.map((s) => s.modelNumber)).toEqual(['K-1234', 'K-1299']);
    expect(vm.state.suggestions[1]?.discontinued).toBe(true);
  });

  it('keeps only the latest answer when suggestions arrive out of order', async () => {
    const gateway = new ScriptedGateway();
    const first = deferred<{ modelNumber: string }[]>();
    const answers = [first.promise, Promise.resolve([{ modelNumber: 'K-1234' }])];
    gateway.models = () => answers.shift() ?? Promise.resolve([]);
    const { vm } = model(gateway);
    const a = vm.searchModels('K-9');
    await vm.searchModels('K-12');
    first.resolve([]);
    await a;
    expect(vm.state.invalidModelNumber).toBe(false);
    expect(vm.state.suggestions).toEqual([{ modelNumber: 'K-1234' }]);
  });

  it('names every missing or wrong field and sends nothing', async () => {
    const { vm, gateway } = model();
    vm.setPurchaseDate('2026-06-16');
    vm.setSerialNumber('bad serial!');
    await vm.submit();
    expect(gateway.submitted).toEqual([]);
    expect(vm.errors).toMatchObject({
      modelNumber: REGISTRATION_MESSAGES.modelNumberRequired,
      purchaseDate: REGISTRATION_MESSAGES.purchaseDateFuture,
      placeOfPurchase: REGISTRATION_MESSAGES.placeOfPurchase,
      serialNumber: REGISTRATION_MESSAGES.serialNumber,
      'owner.firstName': 'Enter the first name.',
      'owner.postalCode': 'Enter the ZIP or postal code.',
    });
    expect(vm.summary).not.toBeNull();
    expect(vm.state.isDisabled).toBe(false);
  });

  it('shows upload progress, then the file name the server kept', async () => {
    const gateway = new ScriptedGateway();
    const done = deferred<void>();
    const base = gateway.onUpload;
    gateway.onUpload = async (f, progress) => {
      progress?.({ loaded: 50, total: 200 });
      await done.promise;
      return base({ ...f, name: 'my-receipt.pdf' });
    };
    const { vm } = model(gateway);
    const upload = vm.chooseFile(file('My Receipt.PDF', 200));
    expect(vm.uploadStatus).toBe('uploading');
    expect(vm.uploadPercent).toBe(25);
    fill(vm);
    await vm.submit();
    expect(vm.errors.proofOfPurchase).toBe(UPLOAD_IN_PROGRESS);
    expect(gateway.submitted).toEqual([]);
    done.resolve();
    await upload;
    expect(gateway.uploads).toEqual(['my-receipt.pdf']);
    expect(vm.uploadStatus).toBe('uploaded');
    expect(vm.uploadFileName).toBe('my-receipt.pdf');
    await vm.submit();
    expect(gateway.submitted[0]).toMatchObject({ proofOfPurchase: 'asset-1' });
  });

  it('says clearly why a file is refused, before sending it when it can', async () => {
    const gateway = new ScriptedGateway();
    gateway.onUpload = async () => ({
      kind: 'refused',
      reason: 'unsupported-type',
      message: UPLOAD_MESSAGES.unsupportedType,
    });
    const { vm } = model(gateway);
    await vm.chooseFile(file('big.pdf', 10 * 1024 * 1024 + 1));
    expect(vm.errors.proofOfPurchase).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(gateway.uploads).toEqual([]);
    await vm.chooseFile(file('program.pdf', 100));
    expect(vm.uploadStatus).toBe('refused');
    expect(vm.errors.proofOfPurchase).toBe(UPLOAD_MESSAGES.unsupportedType);
    fill(vm);
    await vm.submit();
    expect(gateway.submitted).toEqual([]);
    expect(vm.errors.proofOfPurchase).toBe(UPLOAD_MESSAGES.unsupportedType);
  });

  it('disables while submitting, then isSuccess with the registration, re-enabled', async () => {
    const gateway = new ScriptedGateway();
    const answer = deferred<{
      success: string;
      registrations: ReturnType<typeof registration>[];
    }>();
    gateway.onSubmit = () => answer.promise;
    const { vm } = model(gateway);
    fill(vm);
    const sent = vm.submit();
    expect(vm.state.isDisabled).toBe(true);
    await vm.submit(); // a second press while the first is in flight sends nothing
    expect(gateway.submitted).toHaveLength(1);
    expect(gateway.submitted[0]).toMatchObject({
      kind: 'offline',
      modelNumber: 'K-1234-CP',
      purchaseDate: '2026-05-01',
      placeOfPurchase: 'Showroom',
      owner: { firstName: 'Ada', postalCode: '10001' },
    });
    answer.resolve({ success: 'true', registrations: [registration()] });
    await sent;
    expect(vm.state).toMatchObject({ isDisabled: false, isSuccess: true, submitError: null });
    expect(vm.registration?.id).toBe('reg-1');
  });

  it('keeps the server’s message in submitError and puts each refused field on its field', async () => {
    const gateway = new ScriptedGateway();
    gateway.onSubmit = async () => ({
      success: 'false',
      message: 'Please check the highlighted fields.',
      fieldErrors: [{ field: 'owner.postalCode', message: 'Enter a ZIP code like 10001.' }],
    });
    const { vm } = model(gateway);
    fill(vm);
    await vm.submit();
    expect(vm.state).toMatchObject({
      isDisabled: false,
      isSuccess: false,
      submitError: 'Please check the highlighted fields.',
    });
    expect(vm.errors).toEqual({ 'owner.postalCode': 'Enter a ZIP code like 10001.' });
    vm.setOwner('postalCode', '10002');
    expect(vm.errors).toEqual({});
  });

  it('sends an installation address only when the product is fitted elsewhere', async () => {
    const { vm, gateway } = model();
    fill(vm);
    vm.setInstalledElsewhere(true);
    await vm.submit();
    expect(vm.errors['installationAddress.streetName']).toBe('Enter the street address.');
    vm.setInstallation('streetName', '2 Side St');
    vm.setInstallation('city', 'Albany');
    vm.setInstallation('state', 'NY');
    vm.setInstallation('postalCode', '12207');
    await vm.submit();
    expect(
      gateway.submitted[0]?.kind === 'offline' && gateway.submitted[0].installationAddress,
    ).toEqual({
      streetName: '2 Side St',
      city: 'Albany',
      state: 'NY',
      postalCode: '12207',
      country: 'US',
    });
  });

  it('prefills a signed-in owner from the session and the default saved address, keeping what was typed', async () => {
    const gateway = new ScriptedGateway();
    const vm = new OfflineRegistrationViewModel({
      submit: new SubmitProductRegistration(gateway),
      upload: new UploadProofOfPurchase(gateway),
      suggest: new SuggestModelNumbers(gateway),
      today: () => '2026-06-15',
      places: () => PLACES,
      savedAddresses: {
        execute: async (email) => {
          expect(email).toBe('ada@example.com');
          return {
            ok: true,
            value: {
              version: 1,
              defaultId: 'a1',
              addresses: [
                {
                  id: 'a1',
                  streetName: '5 Bay St',
                  city: 'Toronto',
                  state: 'ON',
                  postalCode: 'M5J 2N8',
                  country: 'CA',
                  mobile: '4165550100',
                },
              ],
            },
          };
        },
      },
    });
    vm.setOwner('city', 'Ottawa');
    await vm.prefillSignedIn({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' });
    expect(vm.owner).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'ada@example.com',
      mobile: '4165550100',
      streetName: '5 Bay St',
      city: 'Ottawa',
      state: 'ON',
      postalCode: 'M5J 2N8',
      country: 'CA',
    });
  });
});
