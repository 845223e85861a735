/** Help texts for the facets of list and search pages (GET /api/search/tooltip). */
import { attributeLabel } from '../../core/catalog/attribute-words';
import { attributeField } from './fields';

export interface FacetTooltip {
  readonly field: string;
  readonly label: string;
  readonly text: string;
}

const FIXED: readonly FacetTooltip[] = [
  {
    field: 'category_s',
    label: 'Category',
    text: 'Narrow the results to one kind of product, such as kitchen faucets or toilets.',
  },
  {
    field: 'finish_ss',
    label: 'Finish',
    text: 'The surface color of metal fittings or the glaze color of fixtures. Only finishes you can still order are listed.',
  },
  {
    field: 'brand_s',
    label: 'Brand',
    text: 'The maker of the product.',
  },
  {
    field: 'collection_s',
    label: 'Collection',
    text: 'A family of products designed to match: a faucet, a sink and accessories of one collection look right together.',
  },
  {
    field: 'finalPrice_d',
    label: 'Price',
    text: 'What you pay today in US dollars, sale prices included.',
  },
];

/** Help texts by attribute name; the attribute's name on screen is core's attributeLabel. */
const ATTRIBUTE_TEXTS: Readonly<Record<string, { text: string }>> = {
  type: { text: 'The kind of product within the category.' },
  shape: {
    text: 'Round bowls save space; elongated bowls are longer and more comfortable.',
  },
  height: {
    text: 'Comfort height toilets are about 17 in from floor to rim, close to chair height; standard ones about 15 in.',
  },
  flush: {
    text: 'Dual flush toilets have a smaller flush for liquids and a full flush for solids.',
  },
  gpf: {
    text: 'Water used by one flush. 1.28 gpf or less meets the WaterSense standard.',
  },
  pieces: {
    text: 'One-piece toilets join tank and bowl in one casting and clean easily; two-piece toilets cost less.',
  },
  roughin: {
    text: 'Distance from the finished wall to the center of the floor drain, in inches. Most homes use 12 in.',
  },
  mount: {
    text: 'How the product is installed: under or on the counter, on the wall, or through the deck.',
  },
  material: { text: 'What the product is made of.' },
  holes: {
    text: 'The faucet drillings of a sink; the faucet must match them.',
  },
  width: { text: 'Overall width in inches.' },
  handles: { text: 'Number of handles that control flow and temperature.' },
  gpm: {
    text: 'Gallons of water per minute at 60 psi. Lower flow rates save water.',
  },
  sprays: { text: 'Number of spray patterns you can choose between.' },
  install: {
    text: 'Alcove tubs fit between three walls; freestanding tubs stand alone; drop-in tubs sit in a deck.',
  },
  length: { text: 'Overall length in inches.' },
  whirlpool: { text: 'Jets that circulate the water for a massage.' },
  sinks: { text: 'Number of sink basins in the vanity top.' },
  lighted: { text: 'Built-in lighting around or behind the mirror.' },
  bowls: { text: 'Number of basins in the sink.' },
  gauge: {
    text: 'Thickness of stainless steel: the lower the number, the thicker and quieter the sink.',
  },
};

/** The fixed facets, then one per attribute name (those without a text get a plain one). */
export const facetTooltips = (attributeNames: readonly string[]): FacetTooltip[] => [
  ...FIXED,
  ...[...new Set(attributeNames)].sort().map((name) => {
    const known = Object.hasOwn(ATTRIBUTE_TEXTS, name) ? ATTRIBUTE_TEXTS[name] : undefined;
    return {
      field: attributeField(name),
      label: attributeLabel(name),
      text: known?.text ?? `Filter by ${name}.`,
    };
  }),
];
