/**
 * The profile section's view model over the fake address book: who edits what (spec §6), only real
 * changes sent, the form's checks agreeing with the server's, a stale version reloaded with the
 * typed fields kept, and refusals put back on their fields. The form, the server and the fake all
 * apply core's profile-field rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../adapters/http/api-error';
import { VersionConflictError } from '../../../core/account/errors';
import type { ProfileAction, ProfileField } from '../../../core/account/profile';
import { checkProfileField } from '../../../core/account/profile-rules';
import { FieldsError, type FieldProblem } from '../../../core/shared/errors';
import { DEFAULT_VALIDATION_MESSAGES } from '../../../core/validation/messages';
import { checkProfileFields, PROFILE_MESSAGES } from '../../../ui/account/profile-view-model';
import { SERVER_FIELD_RULES } from '../../../server/api/configuration';
import { parseProfileUpdate } from '../../../server/customer/parse';
import { HOMEOWNER, makeAccount } from './fixtures';

const loaded = async (...args: Parameters<typeof makeAccount>) => {
  const system = makeAccount(...args);
  expect(await system.account.load()).toBe(true);
  return system;
};

/** What the account port reports for a 400 (or a 403 naming fields): core's FieldsError. */
const badRequest = (problems: FieldProblem[]) => new FieldsError(problems);

describe('ProfileViewModel', () => {
  it('shows the profile; TVS may edit the business fields', async () => {
    const { profile } = await loaded();
    expect(profile.status).toBe('succeeded');
    expect(profile.value('firstName')).toBe('Pablo');
    expect(profile.value('businessType')).toBe('Plumber');
    expect(profile.editsBusiness).toBe(true);
    expect(profile.readOnlyBusiness).toEqual([]);
    profile.set('companyName', 'Reyes Plumbing');
    expect(profile.value('companyName')).toBe('Reyes Plumbing');
  });

  it('lets anyone else edit only first and last name, and shows their business fields read-only', async () => {
    const { profile, gateway } = await loaded(HOMEOWNER);
    expect(profile.editsBusiness).toBe(false);
    expect(profile.editable).toEqual(['firstName', 'lastName']);
    expect(profile.readOnlyBusiness).toEqual([
      { field: 'businessType', label: 'Business type', value: 'Consumer' },
    ]);
    profile.set('companyName', 'Holm Homes');
    expect(profile.value('companyName')).toBe('');
    profile.set('lastName', 'Holm-Smith');
    expect(await profile.save()).toBe(true);
    expect(gateway.editProfile).toHaveBeenCalledWith(1, [
      { action: 'setLastName', lastName: 'Holm-Smith' },
    ]);
  });

  it('sends only the fields that changed, at the profile version, and says it saved', async () => {
    const { profile, gateway, account } = await loaded();
    profile.set('firstName', 'Pablo'); // typed over, but unchanged
    profile.set('companyName', '  Reyes Plumbing  ');
    profile.set('businessZipCode', '60606');
    expect(await profile.save()).toBe(true);
    expect(gateway.editProfile).toHaveBeenCalledTimes(1);
    expect(gateway.editProfile).toHaveBeenCalledWith(1, [
      { action: 'setCompanyName', companyName: 'Reyes Plumbing' },
      { action: 'setCustomField', name: 'businessZipCode', value: '60606' },
    ]);
    expect(profile.notice).toBe(PROFILE_MESSAGES.saved);
    expect(profile.edits).toEqual({});
    expect(account.profile?.companyName).toBe('Reyes Plumbing');
    expect(account.profile?.version).toBe(2);
  });

  it('sends nothing when nothing changed', async () => {
    const { profile, gateway } = await loaded();
    profile.set('lastName', 'Reyes');
    expect(await profile.save()).toBe(true);
    expect(gateway.editProfile).not.toHaveBeenCalled();
    expect(profile.notice).toBe(PROFILE_MESSAGES.unchanged);
  });

  it('checks the form first: a bad field is named and nothing is sent; typing clears its error', async () => {
    const { profile, gateway } = await loaded();
    profile.set('firstName', '   ');
    profile.set('companyName', 'Reyes <Plumbing>');
    profile.set('businessZipCode', '606#06');
    expect(await profile.save()).toBe(false);
    expect(gateway.editProfile).not.toHaveBeenCalled();
    expect(profile.errors).toEqual({
      firstName: DEFAULT_VALIDATION_MESSAGES.required,
      companyName: DEFAULT_VALIDATION_MESSAGES.safeText,
      businessZipCode: DEFAULT_VALIDATION_MESSAGES.postalCode,
    });
    expect(profile.formError).toBe(PROFILE_MESSAGES.fixFields);
    profile.set('firstName', 'Pablo');
    expect(Object.keys(profile.errors)).toEqual(['companyName', 'businessZipCode']);
    // What was typed stays.
    expect(profile.value('companyName')).toBe('Reyes <Plumbing>');
  });

  it('reloads after a stale version, keeps what was typed, and saves it on the next try', async () => {
    const { profile, fake, account } = await loaded();
    profile.set('companyName', 'Reyes Plumbing');
    // Another window changes the last name meanwhile.
    await fake.editProfile(1, [{ action: 'setLastName', lastName: 'Reyes-Ortiz' }]);
    expect(await profile.save()).toBe(false);
    expect(profile.formError).toBe(PROFILE_MESSAGES.conflict);
    expect(account.profile?.version).toBe(2);
    expect(profile.value('lastName')).toBe('Reyes-Ortiz');
    expect(profile.value('companyName')).toBe('Reyes Plumbing');
    expect(await profile.save()).toBe(true);
    const saved = await fake.profile();
    expect([saved.lastName, saved.companyName]).toEqual(['Reyes-Ortiz', 'Reyes Plumbing']);
  });

  it("puts the server's refusals on the fields of the actions they name", async () => {
    const { profile, failNext } = await loaded();
    profile.set('lastName', 'Ortiz');
    profile.set('companyName', 'Reyes Plumbing');
    failNext(
      'editProfile',
      badRequest([
        { code: 'InvalidField', field: 'actions[1].companyName', message: 'is too fancy' },
      ]),
    );
    expect(await profile.save()).toBe(false);
    expect(profile.errors).toEqual({ companyName: 'Company name is too fancy' });
    expect(profile.formError).toBe(PROFILE_MESSAGES.fixFields);
    expect(profile.value('companyName')).toBe('Reyes Plumbing');
  });

  it('names the fields a forbidden edit (403) touched', async () => {
    const { profile, failNext } = await loaded();
    profile.set('businessSubtype', 'Commercial');
    failNext(
      'editProfile',
      badRequest([{ code: 'ForbiddenProfileEdit', field: 'businessSubtype', message: '' }]),
    );
    expect(await profile.save()).toBe(false);
    expect(profile.errors).toEqual({ businessSubtype: PROFILE_MESSAGES.forbidden });
  });

  it('says the save failed when the call fails for another reason, keeping the form', async () => {
    const { profile, failNext } = await loaded();
    profile.set('firstName', 'Paulo');
    failNext('editProfile', new ApiError('network', 'Network Error'));
    expect(await profile.save()).toBe(false);
    expect(profile.formError).toBe(PROFILE_MESSAGES.saveFailed);
    expect(profile.errors).toEqual({});
    expect(profile.value('firstName')).toBe('Paulo');
    expect(profile.saving).toBe(false);
  });

  it('fails to load with a retry that loads', async () => {
    const system = makeAccount();
    system.failNext('profile', new ApiError('server', 'Server Error'));
    expect(await system.account.load()).toBe(false);
    expect(system.profile.status).toBe('failed');
    expect(await system.profile.reload()).toBe(true);
    expect(system.profile.status).toBe('succeeded');
  });

  it("reloads the profile on the gateway's VersionConflictError rather than naming fields", async () => {
    const { profile, failNext, gateway } = await loaded();
    profile.set('firstName', 'Paulo');
    failNext('editProfile', new VersionConflictError('profile', 1));
    expect(await profile.save()).toBe(false);
    expect(profile.formError).toBe(PROFILE_MESSAGES.conflict);
    expect(gateway.profile).toHaveBeenCalledTimes(2);
  });
});

const actionFor = (field: ProfileField, value: string): ProfileAction => {
  switch (field) {
    case 'firstName':
      return { action: 'setFirstName', firstName: value };
    case 'lastName':
      return { action: 'setLastName', lastName: value };
    case 'companyName':
      return { action: 'setCompanyName', companyName: value };
    default:
      return { action: 'setCustomField', name: field, value };
  }
};

const refusedByServer = (field: ProfileField, value: string): boolean => {
  try {
    parseProfileUpdate({ version: 1, actions: [actionFor(field, value)] });
    return false;
  } catch {
    return true;
  }
};

/** Whether the offline fake refuses the value as bad input (a TVS customer may edit every field). */
const refusedByFake = async (field: ProfileField, value: string): Promise<boolean> => {
  const { fake } = makeAccount();
  const { version } = await fake.profile();
  try {
    await fake.editProfile(version, [actionFor(field, value)]);
    return false;
  } catch (error) {
    if (error instanceof FieldsError) return true;
    throw error;
  }
};

describe('checkProfileFields', () => {
  const fields: ProfileField[] = [
    'firstName',
    'lastName',
    'companyName',
    'businessType',
    'businessSubtype',
    'businessZipCode',
  ];
  // Mostly characters the rules care about, so both outcomes come up often.
  const value = fc.oneof(
    fc.string({
      unit: fc.constantFrom('a', 'Z', 'é', '7', ' ', '-', ',', "'", '<', '#', '.'),
      maxLength: 120,
    }),
    fc.string({ maxLength: 60 }),
    // Around the 50 and 100 character limits, padded with spaces the rules trim.
    fc
      .tuple(fc.nat(2), fc.integer({ min: 45, max: 105 }), fc.constantFrom('a', 'é', '😀'))
      .map(([pad, n, unit]) => `${' '.repeat(pad)}${unit.repeat(n)}${' '.repeat(pad)}`),
  );

  // One rule (core/account/profile-rules.ts) for the form, the server and the offline fake.
  it("refuses exactly what core's rule refuses, as the server (with its served rules) and the fake do", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), value, async (field, v) => {
        const refusedByCore = !checkProfileField(field, v).ok;
        expect(checkProfileFields({ [field]: v })[field] !== undefined).toBe(refusedByCore);
        expect(await refusedByFake(field, v)).toBe(refusedByCore);
        // The server checks with the rules it serves (server/api/configuration.ts).
        expect(refusedByServer(field, v)).toBe(!checkProfileField(field, v, SERVER_FIELD_RULES).ok);
      }),
      { numRuns: 300 },
    );
  });
});
