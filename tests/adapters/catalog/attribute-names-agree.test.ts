/**
 * One name per attribute on every screen: the list page's facet heading (adapters' facetLabel),
 * its help text's label (server's tooltips) and the compare table's row (core's attributeLabel).
 * The facet once said "GPM" where the compare table said "Flow rate" (issue 12 item 4).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeLabel } from '../../../core/catalog/attribute-words';
import { facetLabel } from '../../../adapters/http/catalog/document-mapper';
import { attributeField } from '../../../server/search/fields';
import { facetTooltips } from '../../../server/search/tooltips';

const SEEDED = ['type', 'shape', 'height', 'flush', 'gpf', 'pieces', 'roughin', 'mount'];

describe('attribute names agree across facets, help texts and compare', () => {
  it('the facet heading and the help text say what the compare table says', () => {
    const names = [...SEEDED, 'gpm', 'holes', 'bowls', 'gauge'];
    const tooltips = facetTooltips(names);
    for (const name of names) {
      const field = attributeField(name);
      expect(facetLabel(field)).toBe(attributeLabel(name));
      expect(tooltips.find((t) => t.field === field)?.label).toBe(attributeLabel(name));
    }
    expect(facetLabel(attributeField('gpm'))).toBe('Flow rate');
  });

  it('holds for any attribute name, known or not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]{0,12}$/), (name) => {
        const field = attributeField(name);
        const tooltip = facetTooltips([name]).find((t) => t.field === field);
        expect(facetLabel(field)).toBe(attributeLabel(name));
        expect(tooltip?.label).toBe(attributeLabel(name));
      }),
    );
  });
});
