/** Help texts for the facets of list and search pages (GET /api/search/tooltip). */
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

const ATTRIBUTES: Readonly<Record<string, { label: string; text: string }>> = {
  type: { label: 'Type', text: 'The kind of product within the category.' },
  shape: {
    label: 'Bowl shape',
    text: 'Round bowls save space; elongated bowls are longer and more comfortable.',
  },
  height: {
    label: 'Height',
    text: 'Comfort height toilets are about 17 in from floor to rim, close to chair height; standard ones about 15 in.',
  },
  flush: {
    label: 'Flush',
    text: 'Dual flush toilets have a smaller flush for liquids and a full flush for solids.',
  },
  gpf: {
    label: 'Gallons per flush',
    text: 'Water used by one flush. 1.28 gpf or less meets the WaterSense standard.',
  },
  pieces: {
    label: 'Pieces',
    text: 'One-piece toilets join tank and bowl in one casting and clean easily; two-piece toilets cost less.',
  },
  roughin: {
    label: 'Rough-in',
    text: 'Distance from the finished wall to the center of the floor drain, in inches. Most homes use 12 in.',
  },
  mount: {
    label: 'Mount',
    text: 'How the product is installed: under or on the counter, on the wall, or through the deck.',
  },
  material: { label: 'Material', text: 'What the product is made of.' },
  holes: {
    label: 'Faucet holes',
    text: 'The faucet drillings of a sink; the faucet must match them.',
  },
  width: { label: 'Width', text: 'Overall width in inches.' },
  handles: { label: 'Handles', text: 'Number of handles that control flow and temperature.' },
  gpm: {
    label: 'Flow rate',
    text: 'Gallons of water per minute at 60 psi. Lower flow rates save water.',
  },
  sprays: { label: 'Spray settings', text: 'Number of spray patterns you can choose between.' },
  install: {
    label: 'Installation',
    text: 'Alcove tubs fit between three walls; freestanding tubs stand alone; drop-in tubs sit in a deck.',
  },
  length: { label: 'Length', text: 'Overall length in inches.' },
  whirlpool: { label: 'Whirlpool', text: 'Jets that circulate the water for a massage.' },
  sinks: { label: 'Sinks', text: 'Number of sink basins in the vanity top.' },
  lighted: { label: 'Lighted', text: 'Built-in lighting around or behind the mirror.' },
  bowls: { label: 'Bowls', text: 'Number of basins in the sink.' },
  gauge: {
    label: 'Gauge',
    text: 'Thickness of stainless steel: the lower the number, the thicker and quieter the sink.',
  },
};

const titleCase = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The fixed facets, then one per attribute name (those without a text get a plain one). */
export const facetTooltips = (attributeNames: readonly string[]): FacetTooltip[] => [
  ...FIXED,
  ...[...new Set(attributeNames)].sort().map((name) => {
    const known = Object.hasOwn(ATTRIBUTES, name) ? ATTRIBUTES[name] : undefined;
    return {
      field: attributeField(name),
      label: known?.label ?? titleCase(name),
      text: known?.text ?? `Filter by ${name}.`,
    };
  }),
];
