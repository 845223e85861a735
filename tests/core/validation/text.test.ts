import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAlphanumeric,
  isSafeText,
  stripForAnalytics,
  validateAlphanumeric,
  validateSafeText,
} from '../../../core/validation/text';

const isLetter = (c: string): boolean => /^[\p{L}\p{M}]$/u.test(c);
const isDigit = (c: string): boolean => /^[0-9]$/.test(c);
const safeChar = (c: string): boolean => isLetter(c) || isDigit(c) || [...'-,\'"‘’“” '].includes(c);
const alnumChar = (c: string): boolean => isLetter(c) || isDigit(c) || c === ' ';

const mixed = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'aZé0 9-,\'"‘’<>&;/\\()%$#@!\t\n_.'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 30,
});

describe('safe text and alphanumeric (spec §5)', () => {
  it('safe text holds only letters, digits, hyphen, comma, quotes and spaces', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        expect(isSafeText(s)).toBe([...s].every(safeChar));
        expect(validateSafeText('note', s).valid).toBe(isSafeText(s));
      }),
    );
  });

  it('alphanumeric holds only letters, digits and spaces, and is always safe text', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        expect(isAlphanumeric(s)).toBe([...s].every(alnumChar));
        if (isAlphanumeric(s)) expect(isSafeText(s)).toBe(true);
        expect(validateAlphanumeric('name', s).valid).toBe(isAlphanumeric(s));
      }),
    );
  });

  it('reads letters as any alphabet, so names like José and Zoë pass', () => {
    expect(isSafeText("José O'Brien, Zoë-Ann")).toBe(true);
    expect(isSafeText('<script>')).toBe(false);
    expect(validateSafeText('note', 'a;b').message).toBe(
      'Only letters, numbers, spaces, hyphens, commas and quotes are allowed',
    );
  });
});

describe('analytics names (spec §5: unsafe characters are stripped)', () => {
  it('keeps exactly the safe-text characters: the output is always safe text', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        const out = stripForAnalytics(s);
        expect(isSafeText(out)).toBe(true);
        // Nothing safe is lost: only space runs and the ends change.
        expect(out).toBe([...s].filter(safeChar).join('').replace(/ {2,}/g, ' ').trim());
      }),
    );
  });

  it('leaves safe text as it is, but for doubled and outer spaces', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        if (isSafeText(s)) expect(stripForAnalytics(s)).toBe(s.replace(/ {2,}/g, ' ').trim());
      }),
    );
  });

  it('is idempotent, trimmed, without double spaces, and keeps kept characters in order', () => {
    fc.assert(
      fc.property(mixed, (s) => {
        const out = stripForAnalytics(s);
        expect(stripForAnalytics(out)).toBe(out);
        expect(out).toBe(out.trim());
        expect(out).not.toContain('  ');
        // Subsequence of the input.
        const kept = [...out];
        let i = 0;
        for (const c of s) if (c === kept[i]) i += 1;
        expect(i).toBe(kept.length);
      }),
    );
    expect(stripForAnalytics('Kitchen <Faucets> & "Sinks"')).toBe('Kitchen Faucets "Sinks"');
    expect(stripForAnalytics('Sink_2.0 (matte); José’s')).toBe('Sink20 matte José’s');
  });
});
