import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildProfileUpdate,
  canEditProfileField,
  editableProfileFields,
  ForbiddenProfileEdit,
  PROFILE_FIELDS,
  profileRole,
  type Profile,
  type ProfileAction,
  type ProfileEdits,
  type ProfileField,
} from '../../../core/account/profile';

const personas = fc.oneof(fc.constantFrom('TVS', 'GST', 'HO', 'KOUSFF', 'KEMP'), fc.string());
const text = fc.constantFrom('', 'Ann', 'Bo', 'Acme Ltd', 'Consumer', 'Plumber', 'SW1A 1AA');

const profile: fc.Arbitrary<Profile> = fc.record(
  {
    version: fc.nat(),
    firstName: text,
    lastName: text,
    companyName: text,
    businessType: text,
    businessSubtype: text,
    businessZipCode: text,
    addresses: fc.constant([]),
  },
  { requiredKeys: ['version', 'firstName', 'lastName', 'addresses'], noNullPrototype: true },
);

const edits: fc.Arbitrary<ProfileEdits> = fc.record(
  Object.fromEntries(PROFILE_FIELDS.map((f) => [f, text])) as Record<
    ProfileField,
    fc.Arbitrary<string>
  >,
  { requiredKeys: [], noNullPrototype: true },
);

/** How the server would read the actions back into the profile's fields. */
const apply = (p: Profile, actions: readonly ProfileAction[]): Record<ProfileField, string> => {
  const out = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, p[f] ?? ''])) as Record<
    ProfileField,
    string
  >;
  for (const a of actions) {
    if (a.action === 'setFirstName') out.firstName = a.firstName;
    if (a.action === 'setLastName') out.lastName = a.lastName;
    if (a.action === 'setCompanyName') out.companyName = a.companyName;
    if (a.action === 'setCustomField') out[a.name as ProfileField] = a.value;
  }
  return out;
};

const changedFields = (p: Profile, e: ProfileEdits): ProfileField[] =>
  PROFILE_FIELDS.filter((f) => e[f] !== undefined && e[f] !== (p[f] ?? ''));

describe('profile editing (spec §6)', () => {
  it('lets TVS edit every field and everyone else only first and last name', () => {
    expect(editableProfileFields('TVS')).toEqual(PROFILE_FIELDS);
    fc.assert(
      fc.property(personas, fc.constantFrom(...PROFILE_FIELDS), (persona, field) => {
        expect(canEditProfileField(persona, field)).toBe(
          persona === 'TVS' || field === 'firstName' || field === 'lastName',
        );
      }),
    );
  });

  it('builds exactly one action per changed field, at the profile version, that applies the edits', () => {
    fc.assert(
      fc.property(profile, edits, (p, e) => {
        const result = buildProfileUpdate('TVS', p, e);
        if (!result.ok) throw result.error;
        expect(result.value.version).toBe(p.version);
        expect(result.value.actions).toHaveLength(changedFields(p, e).length);
        const after = apply(p, result.value.actions);
        for (const f of PROFILE_FIELDS) expect(after[f]).toBe(e[f] ?? p[f] ?? '');
      }),
    );
  });

  it('refuses a changed business field from anyone but TVS, naming every forbidden field', () => {
    fc.assert(
      fc.property(personas, profile, edits, (persona, p, e) => {
        const result = buildProfileUpdate(persona, p, e);
        const forbidden = changedFields(p, e).filter((f) => !canEditProfileField(persona, f));
        if (forbidden.length === 0) {
          expect(result.ok).toBe(true);
        } else {
          if (result.ok) throw new Error('a forbidden edit was accepted');
          expect(result.error).toBeInstanceOf(ForbiddenProfileEdit);
          expect(result.error.fields).toEqual(forbidden);
        }
      }),
    );
  });

  it('reads an example: a homeowner changes their name and sends the business fields back unchanged', () => {
    const p: Profile = {
      version: 4,
      firstName: 'Ann',
      lastName: 'Lee',
      businessType: 'Consumer',
      addresses: [],
    };
    expect(
      buildProfileUpdate('HO', p, { firstName: 'Anne', lastName: 'Lee', businessType: 'Consumer' }),
    ).toEqual({
      ok: true,
      value: { version: 4, actions: [{ action: 'setFirstName', firstName: 'Anne' }] },
    });
    const denied = buildProfileUpdate('HO', p, { companyName: 'Acme' });
    expect(denied.ok).toBe(false);
    expect(buildProfileUpdate('TVS', p, { businessZipCode: 'SW1A 1AA' })).toEqual({
      ok: true,
      value: {
        version: 4,
        actions: [{ action: 'setCustomField', name: 'businessZipCode', value: 'SW1A 1AA' }],
      },
    });
  });

  it("is consumer when businessType is 'Consumer', otherwise professional", () => {
    expect(profileRole('Consumer')).toBe('consumer');
    expect(profileRole(' consumer ')).toBe('consumer');
    expect(profileRole(undefined)).toBe('professional');
    expect(profileRole('Plumber')).toBe('professional');
    fc.assert(
      fc.property(fc.string(), (t) => {
        expect(profileRole(t)).toBe(
          t.trim().toLowerCase() === 'consumer' ? 'consumer' : 'professional',
        );
      }),
    );
  });
});
