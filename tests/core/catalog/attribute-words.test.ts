import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeLabel, attributeValue } from '../../../core/catalog/attribute-words';

describe('product facts in the compare table', () => {
  it('names attributes as the shopper knows them, never by their abbreviation', () => {
    expect(attributeLabel('gpm')).toBe('Flow rate');
    expect(attributeLabel('gpf')).toBe('Gallons per flush');
    expect(attributeLabel('roughin')).toBe('Rough-in');
    expect(attributeLabel('shape')).toBe('Bowl shape');
    // Unknown names are spelled out.
    expect(attributeLabel('bowlShape')).toBe('Bowl shape');
    expect(attributeLabel('spray_pattern')).toBe('Spray pattern');
  });

  it('gives measured values their unit and words a capital', () => {
    expect(attributeValue('gpm', '1.2')).toBe('1.2 gpm');
    expect(attributeValue('width', '48')).toBe('48 in');
    expect(attributeValue('gpf', '1.28')).toBe('1.28 gpf');
    expect(attributeValue('shape', 'elongated')).toBe('Elongated');
    expect(attributeValue('type', 'smart toilet')).toBe('Smart toilet');
    expect(attributeValue('handles', '2')).toBe('2');
    // A value that is not a number gets no unit.
    expect(attributeValue('width', 'varies')).toBe('Varies');
  });

  it('never shows a label that is not capitalised or a value longer than its words and unit', () => {
    const name = fc.stringMatching(/^[a-z][a-zA-Z_-]{0,12}$/);
    fc.assert(
      fc.property(name, fc.string({ maxLength: 12 }), (n, v) => {
        const label = attributeLabel(n);
        expect(label.charAt(0)).toBe(label.charAt(0).toUpperCase());
        expect(attributeValue(n, v).length).toBeLessThanOrEqual(v.trim().length + 4);
      }),
    );
  });
});
