import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CA_PROVINCES, REGIONS, US_STATES } from '../../../core/validation/regions';
import { regionOptions, type ConfiguredRegion } from '../../../ui/components/region-options';

const country = fc.constantFrom('US', 'CA', 'GB', '');
const configured: fc.Arbitrary<ConfiguredRegion[]> = fc.array(
  fc.record({
    code: fc.constantFrom('NY', 'ON', 'IL', 'QC', 'XX'),
    name: fc.string({ maxLength: 8 }),
    country: fc.option(fc.constantFrom('US', 'CA'), { nil: undefined }),
  }),
  { maxLength: 8 },
);
const current = fc.constantFrom('', 'NY', 'ON', 'ny', 'Somewhere');

describe('regionOptions', () => {
  it('offers the 52 US regions for the US and the 13 provinces for Canada from the server list', () => {
    expect(regionOptions(REGIONS, 'US', '')?.map((r) => r.code)).toEqual(
      US_STATES.map((r) => r.code),
    );
    expect(regionOptions(REGIONS, 'CA', 'ON')?.map((r) => r.name)).toEqual(
      CA_PROVINCES.map((r) => r.name),
    );
    expect(regionOptions(REGIONS, 'GB', '')).toBeNull();
  });

  it('offers only the country’s own entries and those naming no country, in configured order', () => {
    fc.assert(
      fc.property(configured, country, (list, c) => {
        const options = regionOptions(list, c, '');
        const expected = list.filter((r) => r.country === undefined || r.country === c);
        if (expected.length === 0) expect(options).toBeNull();
        else expect(options).toEqual(expected.map(({ code, name }) => ({ code, name })));
      }),
    );
  });

  it('keeps the current value selectable, added once at the end only when not offered', () => {
    fc.assert(
      fc.property(configured, country, current, (list, c, value) => {
        const options = regionOptions(list, c, value);
        const plain = regionOptions(list, c, '');
        if (plain === null) {
          expect(options).toBeNull();
          return;
        }
        if (value === '' || plain.some((r) => r.code === value)) expect(options).toEqual(plain);
        else expect(options).toEqual([...plain, { code: value, name: value }]);
      }),
    );
  });
});
