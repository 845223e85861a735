/**
 * The fixed facts the generator builds on: the taxonomy with price bands, finishes and colours,
 * brands, collections and the reference date that stands in for "today" (never the clock).
 */
import type { CategoryRecord, CollectionRecord, FinishRecord } from './model';

/** "Today" for the demo data: discontinued dates, launch dates and reviews are relative to it. */
export const REFERENCE_DATE = '2026-11-01';

export const DEFAULT_SEED = 2026;

export const METAL_FINISHES: readonly FinishRecord[] = [
  { code: 'CP', name: 'Polished Chrome', hex: '#c7ccd1', kind: 'metal' },
  { code: 'BN', name: 'Brushed Nickel', hex: '#aaa397', kind: 'metal' },
  { code: 'BL', name: 'Matte Black', hex: '#2b2b2b', kind: 'metal' },
  { code: 'BB', name: 'Brushed Brass', hex: '#b9975b', kind: 'metal' },
  { code: 'TT', name: 'Titanium', hex: '#85878a', kind: 'metal' },
  { code: 'BZ', name: 'Oil-Rubbed Bronze', hex: '#4b3527', kind: 'metal' },
];

export const COLOR_FINISHES: readonly FinishRecord[] = [
  { code: 'WH', name: 'White', hex: '#f7f7f4', kind: 'color' },
  { code: 'BI', name: 'Biscuit', hex: '#ece1cb', kind: 'color' },
  { code: 'AL', name: 'Almond', hex: '#e3d3b6', kind: 'color' },
  { code: 'BK', name: 'Black', hex: '#262626', kind: 'color' },
  { code: 'GR', name: 'Ice Grey', hex: '#c9d0d4', kind: 'color' },
];

/**
 * The one "finish" of products that come in no finish choice: services, rough-in valves,
 * cartridges, stainless-steel sinks. It keeps every variant SKU in the K-<model>-<code> shape.
 */
export const STANDARD_FINISH: FinishRecord = {
  code: 'NA',
  name: 'Standard',
  hex: '#b4b9be',
  kind: 'color',
};

export const FINISHES: readonly FinishRecord[] = [
  ...METAL_FINISHES,
  ...COLOR_FINISHES,
  STANDARD_FINISH,
];

export interface PriceBand {
  /** Dollars, inclusive. */
  readonly min: number;
  readonly max: number;
}

export interface CategoryDefinition extends CategoryRecord {
  readonly band: PriceBand;
  /** How many master products the generator makes. */
  readonly count: number;
  /** First model number; models are allocated upwards from it. */
  readonly firstModel: number;
}

export const CATEGORIES: readonly CategoryDefinition[] = [
  {
    slug: 'toilets',
    name: 'Toilets',
    department: 'bathroom',
    description:
      'One-piece, two-piece and smart toilets with round or elongated bowls, standard or comfort height, single or dual flush.',
    facetAttributes: ['type', 'shape', 'height', 'flush', 'gpf', 'pieces', 'roughin'],
    band: { min: 180, max: 8000 },
    count: 110,
    firstModel: 3000,
  },
  {
    slug: 'bathroom-sinks',
    name: 'Bathroom Sinks',
    department: 'bathroom',
    description:
      'Undermount, drop-in, vessel, pedestal and wall-mount bathroom sinks in vitreous china, fireclay and cast iron.',
    facetAttributes: ['mount', 'material', 'holes', 'width'],
    band: { min: 90, max: 1400 },
    count: 100,
    firstModel: 2200,
  },
  {
    slug: 'bathroom-faucets',
    name: 'Bathroom Faucets',
    department: 'bathroom',
    description:
      'Single-hole, centerset, widespread and wall-mount bathroom sink faucets with one or two handles.',
    facetAttributes: ['mount', 'handles', 'gpm'],
    band: { min: 70, max: 900 },
    count: 140,
    firstModel: 5000,
  },
  {
    slug: 'showers',
    name: 'Showers',
    department: 'bathroom',
    description:
      'Showerheads, handshowers, shower systems, valve trims, body sprays and rough-in valves.',
    facetAttributes: ['type', 'gpm', 'sprays'],
    band: { min: 40, max: 3500 },
    count: 130,
    firstModel: 6000,
  },
  {
    slug: 'bathtubs',
    name: 'Bathtubs',
    department: 'bathroom',
    description:
      'Alcove, freestanding and drop-in bathtubs in acrylic and enameled cast iron, with or without whirlpool jets.',
    facetAttributes: ['install', 'length', 'material', 'whirlpool'],
    band: { min: 500, max: 6000 },
    count: 70,
    firstModel: 1100,
  },
  {
    slug: 'vanities',
    name: 'Vanities',
    department: 'bathroom',
    description: 'Bathroom vanities from 24 to 72 inches wide with one or two sinks.',
    facetAttributes: ['width', 'sinks', 'material'],
    band: { min: 300, max: 3000 },
    count: 70,
    firstModel: 8000,
  },
  {
    slug: 'mirrors-cabinets',
    name: 'Mirrors & Medicine Cabinets',
    department: 'bathroom',
    description: 'Framed and frameless mirrors, lighted mirrors and medicine cabinets.',
    facetAttributes: ['type', 'lighted', 'width'],
    band: { min: 80, max: 1500 },
    count: 60,
    firstModel: 9000,
  },
  {
    slug: 'bathroom-accessories',
    name: 'Bathroom Accessories',
    department: 'bathroom',
    description: 'Towel bars, towel rings, robe hooks, toilet paper holders and grab bars.',
    facetAttributes: ['type'],
    band: { min: 15, max: 250 },
    count: 110,
    firstModel: 7000,
  },
  {
    slug: 'kitchen-sinks',
    name: 'Kitchen Sinks',
    department: 'kitchen',
    description:
      'Undermount, top-mount and farmhouse kitchen sinks in stainless steel, cast iron and fireclay.',
    facetAttributes: ['mount', 'bowls', 'material', 'gauge'],
    band: { min: 180, max: 2500 },
    count: 90,
    firstModel: 11000,
  },
  {
    slug: 'kitchen-faucets',
    name: 'Kitchen Faucets',
    department: 'kitchen',
    description: 'Pull-down, pull-out, bar, pot filler and touchless kitchen faucets.',
    facetAttributes: ['type', 'gpm', 'handles'],
    band: { min: 90, max: 1200 },
    count: 100,
    firstModel: 4120,
  },
  {
    slug: 'kitchen-accessories',
    name: 'Kitchen Accessories',
    department: 'kitchen',
    description: 'Soap dispensers, air gaps, sink strainers, disposal flanges and water filters.',
    facetAttributes: ['type'],
    band: { min: 10, max: 400 },
    count: 60,
    firstModel: 12000,
  },
  {
    slug: 'service-parts',
    name: 'Service Parts',
    department: 'parts',
    description:
      'Genuine replacement cartridges, flush valves, fill valves, seal kits, aerators and diverters, listed with the models they fit.',
    facetAttributes: ['type'],
    band: { min: 5, max: 250 },
    count: 100,
    firstModel: 20000,
  },
  {
    slug: 'design-services',
    name: 'Design Services',
    department: 'services',
    description: 'Consultations and design plans for a new bathroom or kitchen.',
    facetAttributes: ['type'],
    band: { min: 0, max: 500 },
    count: 8,
    firstModel: 30000,
  },
  {
    slug: 'install-services',
    name: 'Install Services',
    department: 'services',
    description: 'Professional installation by licensed plumbers and installers.',
    facetAttributes: ['type'],
    band: { min: 150, max: 900 },
    count: 12,
    firstModel: 31000,
  },
];

export const BRANDS = ['Lavabo', 'Calder & Finch', 'Norrland', 'Aster Works'] as const;

export interface CollectionDefinition extends CollectionRecord {
  /** Words for descriptions: the look of the collection. */
  readonly style: string;
  /** Finish codes the collection favours (first is its signature finish). */
  readonly favoriteFinishes: readonly string[];
  /** Price multiplier: a premium collection costs more. */
  readonly tier: number;
}

export const COLLECTIONS: readonly CollectionDefinition[] = [
  {
    slug: 'avelle',
    name: 'Avelle',
    brand: 'Lavabo',
    story:
      'Avelle softens every edge: slim spouts, gentle curves and basins that feel calm in a busy family bathroom or kitchen.',
    style: 'soft transitional',
    favoriteFinishes: ['BL', 'CP', 'BN', 'BB'],
    tier: 1.1,
  },
  {
    slug: 'marlowe',
    name: 'Marlowe',
    brand: 'Calder & Finch',
    story:
      'Marlowe borrows from the grand hotels of the 1920s: cross handles, turned details and deep roll-top tubs.',
    style: 'traditional',
    favoriteFinishes: ['BZ', 'CP', 'BN', 'BB'],
    tier: 1.25,
  },
  {
    slug: 'solenne',
    name: 'Solenne',
    brand: 'Lavabo',
    story:
      'Solenne is minimal and architectural: square profiles, thin lines and nothing that does not need to be there.',
    style: 'modern minimalist',
    favoriteFinishes: ['BL', 'TT', 'CP', 'BN'],
    tier: 1.2,
  },
  {
    slug: 'tessa',
    name: 'Tessa',
    brand: 'Norrland',
    story:
      'Tessa is Scandinavian at heart: pale woods, soft whites and brushed metals that let daylight do the work.',
    style: 'Scandinavian',
    favoriteFinishes: ['BN', 'CP', 'BB', 'BL'],
    tier: 1,
  },
  {
    slug: 'brixton',
    name: 'Brixton',
    brand: 'Aster Works',
    story:
      'Brixton takes its cue from old warehouses: knurled handles, exposed pipes and finishes that age well.',
    style: 'industrial',
    favoriteFinishes: ['BL', 'BB', 'TT', 'BZ'],
    tier: 1.05,
  },
  {
    slug: 'kestrel',
    name: 'Kestrel',
    brand: 'Norrland',
    story:
      'Kestrel is crisp and contemporary: angled spouts, flat levers and a clean line from faucet to towel bar.',
    style: 'contemporary',
    favoriteFinishes: ['CP', 'BL', 'TT', 'BN'],
    tier: 1.15,
  },
  {
    slug: 'oriel',
    name: 'Oriel',
    brand: 'Calder & Finch',
    story:
      'Oriel is art deco in spirit: fluted bodies, stepped bases and warm brass that glows under a vanity light.',
    style: 'art deco',
    favoriteFinishes: ['BB', 'BL', 'CP', 'BN'],
    tier: 1.35,
  },
  {
    slug: 'fenwick',
    name: 'Fenwick',
    brand: 'Aster Works',
    story:
      'Fenwick brings the farmhouse home: apron-front sinks, bridge faucets and sturdy hardware made for everyday use.',
    style: 'farmhouse',
    favoriteFinishes: ['BZ', 'BN', 'BL', 'CP'],
    tier: 1,
  },
];

/** Product-line names of items outside a collection. */
export const PRODUCT_LINES = [
  'Harbor',
  'Linden',
  'Wren',
  'Cove',
  'Alder',
  'Sable',
  'Juniper',
  'Quill',
  'Vale',
  'Larkin',
  'Corsa',
  'Halden',
  'Mira',
  'Rook',
  'Elmira',
  'Pemberton',
] as const;

export const TOP_SEARCHES: readonly string[] = [
  'faucet',
  'toilet',
  'kitchen sink',
  'shower head',
  'vanity',
  'cartridge',
  'matte black faucet',
  'pull-down kitchen faucet',
  'bathtub',
  'medicine cabinet',
  'grab bar',
  'fill valve',
];
