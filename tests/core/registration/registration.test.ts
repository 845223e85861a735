import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialRegistrationState,
  registrationReducer,
  type ModelSuggestion,
  type RegistrationEvent,
  type RegistrationState,
} from '../../../core/registration/registration-state';
import {
  GENERAL_FAILURE_MESSAGE,
  isRegistrationSuccess,
  registrationFailureMessage,
} from '../../../core/registration/submit-product-registration';
import { uploadFileName } from '../../../core/registration/upload-file-name';
import { isRegistrableCategory } from '../../../core/registration/registration-rules';

const suggestion: fc.Arbitrary<ModelSuggestion> = fc.record(
  { modelNumber: fc.stringMatching(/^K-[0-9]{3,5}$/), title: fc.string() },
  { requiredKeys: ['modelNumber'], noNullPrototype: true },
);
const state: fc.Arbitrary<RegistrationState> = fc.record(
  {
    suggestions: fc.array(suggestion, { maxLength: 3 }),
    invalidModelNumber: fc.boolean(),
    submitError: fc.option(fc.string(), { nil: null }),
    isSuccess: fc.boolean(),
    isDisabled: fc.boolean(),
  },
  { noNullPrototype: true },
);

describe('product registration state (spec §4, §5)', () => {
  it('submit disables the form and clears the error (ignored while a submission is in flight)', () => {
    fc.assert(
      fc.property(state, (s) => {
        const next = registrationReducer(s, { type: 'submit' });
        if (s.isDisabled) {
          expect(next).toBe(s);
        } else {
          expect(next).toEqual({ ...s, isDisabled: true, submitError: null, isSuccess: false });
        }
      }),
    );
  });

  it('success sets isSuccess and re-enables; failure stores the message and re-enables', () => {
    fc.assert(
      fc.property(state, fc.string(), (s, message) => {
        const inFlight = registrationReducer({ ...s, isDisabled: false }, { type: 'submit' });
        expect(registrationReducer(inFlight, { type: 'succeeded' })).toEqual({
          ...inFlight,
          isDisabled: false,
          isSuccess: true,
        });
        expect(registrationReducer(inFlight, { type: 'failed', message })).toEqual({
          ...inFlight,
          isDisabled: false,
          submitError: message,
        });
      }),
    );
  });

  it('ignores an outcome when no submission is in flight', () => {
    fc.assert(
      fc.property(state, fc.string(), (s, message) => {
        fc.pre(!s.isDisabled);
        expect(registrationReducer(s, { type: 'succeeded' })).toBe(s);
        expect(registrationReducer(s, { type: 'failed', message })).toBe(s);
      }),
    );
  });

  it('a model search with 0 results sets invalidModelNumber; any result clears it', () => {
    fc.assert(
      fc.property(state, fc.array(suggestion, { maxLength: 4 }), (s, found) => {
        const next = registrationReducer(s, { type: 'modelSearched', suggestions: found });
        expect(next.invalidModelNumber).toBe(found.length === 0);
        expect(next.suggestions).toBe(found);
        // The search leaves the submission alone.
        expect({
          ...next,
          suggestions: s.suggestions,
          invalidModelNumber: s.invalidModelNumber,
        }).toEqual(s);
        expect(registrationReducer(next, { type: 'modelSearchCleared' }).invalidModelNumber).toBe(
          false,
        );
      }),
    );
  });

  it('keeps isSuccess and submitError apart after any sequence of events', () => {
    const events: fc.Arbitrary<RegistrationEvent> = fc.oneof(
      fc.constant({ type: 'submit' as const }),
      fc.constant({ type: 'succeeded' as const }),
      fc.string().map((message) => ({ type: 'failed' as const, message })),
      fc
        .array(suggestion, { maxLength: 2 })
        .map((s) => ({ type: 'modelSearched' as const, suggestions: s })),
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (evs) => {
        const end = evs.reduce(registrationReducer, initialRegistrationState);
        expect(end.isSuccess && end.submitError !== null).toBe(false);
        if (end.isDisabled) {
          expect(end.isSuccess).toBe(false);
          expect(end.submitError).toBeNull();
        }
      }),
    );
  });
});

describe('registration response (spec §7 CRM)', () => {
  it("succeeds only when the field success is the string 'true'", () => {
    expect(isRegistrationSuccess({ success: 'true' })).toBe(true);
    expect(isRegistrationSuccess({ success: true })).toBe(false);
    expect(isRegistrationSuccess({ success: 'TRUE' })).toBe(false);
    fc.assert(
      fc.property(fc.anything(), (success) => {
        expect(isRegistrationSuccess({ success })).toBe(success === 'true');
      }),
    );
  });

  it('fails with the response message, or the general failure text', () => {
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const shown = registrationFailureMessage({ message });
        if (typeof message === 'string' && message.trim() !== '') expect(shown).toBe(message);
        else expect(shown).toBe(GENERAL_FAILURE_MESSAGE);
      }),
    );
  });
});

describe('uploaded file names (spec §5)', () => {
  it('reads an example', () => {
    expect(uploadFileName('My Receipt 2026.PDF')).toBe('my-receipt-2026.pdf');
    expect(uploadFileName('a  b')).toBe('a--b');
  });

  it('is lower-case with every space a hyphen, idempotent, and otherwise leaves the name alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (name) => {
        const out = uploadFileName(name);
        expect(out).not.toContain(' ');
        expect(out).toBe(out.toLowerCase());
        expect(uploadFileName(out)).toBe(out);
        expect(out).toHaveLength(name.length);
        for (let i = 0; i < name.length; i += 1) {
          const c = name.charAt(i);
          expect(out.charAt(i)).toBe(c === ' ' ? '-' : c.toLowerCase());
        }
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const out = uploadFileName(name);
        expect(out).not.toContain(' ');
        expect(uploadFileName(out)).toBe(out);
      }),
    );
  });
});

describe('isRegistrableCategory', () => {
  it('registers installed products and parts, never a design or install service', () => {
    expect(isRegistrableCategory('Kitchen Faucets')).toBe(true);
    expect(isRegistrableCategory('service-parts')).toBe(true);
    expect(isRegistrableCategory('Design Services')).toBe(false);
    expect(isRegistrableCategory('install-services')).toBe(false);
  });
});
