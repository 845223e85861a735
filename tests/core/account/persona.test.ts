import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAssociate,
  isFriendsAndFamily,
  isGuestPersona,
  isTvs,
  personaFromClaims,
} from '../../../core/account/persona';

const code = fc.stringMatching(/^[A-Za-z0-9 ]{0,8}$/);
const claims = fc.array(fc.string(), { maxLength: 3 });

describe('persona (spec §6)', () => {
  it('reads the spec example', () => {
    expect(personaFromClaims(['KOUS:TVS'])).toBe('TVS');
    expect(personaFromClaims(['KOUS:TVS', 'KOUS:KEMP'])).toBe('TVS');
    expect(personaFromClaims([])).toBe('GST');
    expect(personaFromClaims(undefined)).toBe('GST');
    expect(personaFromClaims(['KOUS:TVS'], true)).toBe('GST');
  });

  it('is the text after the colon in the first claim, trimmed and upper-cased, or GST', () => {
    fc.assert(
      fc.property(
        code.filter((s) => !s.includes(':')),
        code,
        claims,
        (prefix, persona, rest) => {
          const expected = persona.trim().toUpperCase();
          expect(personaFromClaims([`${prefix}:${persona}`, ...rest])).toBe(
            expected === '' ? 'GST' : expected,
          );
        },
      ),
    );
  });

  it('depends on the first claim only, and is GST for guests whatever their claims', () => {
    fc.assert(
      fc.property(fc.string(), claims, claims, (first, a, b) => {
        expect(personaFromClaims([first, ...a])).toBe(personaFromClaims([first, ...b]));
        expect(personaFromClaims([first, ...a], true)).toBe('GST');
        expect(personaFromClaims([first, ...a])).not.toBe('');
      }),
    );
  });

  it('recognises TVS exactly, friends and family by the FF suffix, associates by KEMP', () => {
    fc.assert(
      fc.property(code, (p) => {
        expect(isTvs(p)).toBe(p === 'TVS');
        expect(isFriendsAndFamily(`${p}FF`)).toBe(true);
        expect(isAssociate(`${p}KEMP`)).toBe(true);
        expect(isFriendsAndFamily(`${p}FFX`)).toBe(false);
        expect(isAssociate(`${p}KEMPX`)).toBe(false);
        expect(isGuestPersona(p)).toBe(p === 'GST');
      }),
    );
    expect(isTvs(personaFromClaims(['KOUS:tvs']))).toBe(true);
    expect(isFriendsAndFamily(personaFromClaims(['KOUS:KOUSFF']))).toBe(true);
    expect(isAssociate(personaFromClaims(['KOUS:KOUSKEMP']))).toBe(true);
  });
});
