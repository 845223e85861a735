import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VALIDATION_MESSAGES,
  formatMessage,
  resolveValidationMessages,
} from '../../../core/validation/messages';

const allStrings = (value: unknown): boolean =>
  typeof value === 'string' ||
  (typeof value === 'object' && value !== null && Object.values(value).every(allStrings));

describe('messages from configuration (spec §5)', () => {
  it('always resolves to a complete set of strings, whatever configuration holds', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: false }), (config) => {
        const messages = resolveValidationMessages(config);
        expect(allStrings(messages)).toBe(true);
        expect(Object.keys(messages).sort()).toEqual(
          Object.keys(DEFAULT_VALIDATION_MESSAGES).sort(),
        );
      }),
    );
  });

  it('takes configured strings and keeps the defaults for the rest', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (email, special) => {
        const m = resolveValidationMessages({
          email,
          phone: 42,
          signUpPassword: { special, unknown: 'x' },
        });
        expect(m.email).toBe(email);
        expect(m.phone).toBe(DEFAULT_VALIDATION_MESSAGES.phone);
        expect(m.signUpPassword.special).toBe(special);
        expect(m.signUpPassword.digit).toBe(DEFAULT_VALIDATION_MESSAGES.signUpPassword.digit);
        expect(m.signUpPassword).not.toHaveProperty('unknown');
      }),
    );
  });

  it('fills known placeholders and leaves unknown ones', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), (min, text) => {
        const t = text.replace(/[{}]/g, '');
        expect(formatMessage(`${t}{min}{other}`, { min })).toBe(`${t}${min}{other}`);
      }),
    );
  });
});
