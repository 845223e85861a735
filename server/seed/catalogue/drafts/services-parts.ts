/** Drafts for design and install services and for service parts (linked to the models they fit). */
import type { Random } from '../prng';
import { customerFacingSku } from '../../../../core/shared/sku';
import {
  draft,
  generalSpecs,
  listWords,
  metalFinishes,
  price,
  spec,
  type AttributeValue,
  type Draft,
} from './common';

const DESIGN_SERVICES: readonly { title: string; type: string; usd: number; words: string }[] = [
  {
    title: 'Virtual Design Consultation',
    type: 'virtual consultation',
    usd: 0,
    words:
      'A free 30-minute video call with a Lavabo designer to talk through your bathroom or kitchen plans, finishes and budget.',
  },
  {
    title: 'In-Home Bathroom Design Consultation',
    type: 'in-home consultation',
    usd: 150,
    words:
      'A designer visits your home, measures the bathroom and suggests layouts, fixtures and finishes. The fee is credited to a later order.',
  },
  {
    title: 'In-Home Kitchen Design Consultation',
    type: 'in-home consultation',
    usd: 150,
    words:
      'A designer visits your home, measures the kitchen and suggests sinks, faucets and accessories that fit the way you cook.',
  },
  {
    title: 'Bathroom 3D Design Plan',
    type: 'design plan',
    usd: 300,
    words:
      'A scaled floor plan and 3D renderings of your new bathroom, with a product list you can order from in one click.',
  },
  {
    title: 'Kitchen 3D Design Plan',
    type: 'design plan',
    usd: 350,
    words:
      'A scaled plan and 3D renderings of your kitchen sink area, with faucet, sink and accessory recommendations.',
  },
  {
    title: 'Finish and Color Selection Session',
    type: 'selection session',
    usd: 75,
    words:
      'A one-hour session with samples of every finish and color, so faucets, fixtures and hardware match.',
  },
  {
    title: 'Accessible Bathroom Planning',
    type: 'design plan',
    usd: 250,
    words:
      'A plan for a safer, easier bathroom: comfort height toilets, grab bars, handshowers and curbless showers.',
  },
  {
    title: 'Full Remodel Design Package',
    type: 'design plan',
    usd: 500,
    words:
      'Design support from first sketch to final order: consultation, 3D plan, finish selection and a contractor-ready specification.',
  },
];

const INSTALL_SERVICES: readonly { title: string; type: string; usd: number; words: string }[] = [
  {
    title: 'Toilet Installation',
    type: 'toilet',
    usd: 189,
    words:
      'A licensed plumber removes the old toilet, sets the new one with a new wax ring and supply line, and hauls the old one away.',
  },
  {
    title: 'Smart Toilet Installation',
    type: 'toilet',
    usd: 299,
    words:
      'Installation of a smart toilet or bidet seat, including the water connection and a check of the outlet.',
  },
  {
    title: 'Bathroom Faucet Installation',
    type: 'faucet',
    usd: 159,
    words:
      'Removal of the old faucet and installation of a new bathroom sink faucet with new supply lines and drain.',
  },
  {
    title: 'Kitchen Faucet Installation',
    type: 'faucet',
    usd: 169,
    words:
      'Removal of the old faucet and installation of a new kitchen faucet, including pull-down hose and weight.',
  },
  {
    title: 'Showerhead Installation',
    type: 'shower',
    usd: 150,
    words: 'Installation of a new showerhead, handshower or body spray on existing plumbing.',
  },
  {
    title: 'Shower Valve and Trim Installation',
    type: 'shower',
    usd: 449,
    words:
      'Replacement of a shower valve behind the wall and installation of the matching trim, with access panel.',
  },
  {
    title: 'Bathtub Installation',
    type: 'bathtub',
    usd: 899,
    words:
      'Removal of the old tub and installation of a new alcove, drop-in or freestanding bathtub, drain and overflow.',
  },
  {
    title: 'Vanity Installation',
    type: 'vanity',
    usd: 399,
    words: 'Assembly and installation of a vanity with top, connection of the faucet and drain.',
  },
  {
    title: 'Bathroom Sink Installation',
    type: 'sink',
    usd: 229,
    words:
      'Installation of an undermount, vessel, pedestal or wall-mount bathroom sink with drain and trap.',
  },
  {
    title: 'Kitchen Sink Installation',
    type: 'sink',
    usd: 349,
    words: 'Installation of a new kitchen sink with strainers, trap and disposal reconnection.',
  },
  {
    title: 'Mirror and Medicine Cabinet Installation',
    type: 'mirror',
    usd: 179,
    words:
      'Hanging of a mirror or installation of a recessed or surface medicine cabinet; lighted models are wired by an electrician.',
  },
  {
    title: 'Grab Bar and Accessory Installation',
    type: 'accessory',
    usd: 150,
    words:
      'Installation of up to four grab bars, towel bars, hooks or paper holders, anchored into studs.',
  },
];

export const designServiceDrafts = (): Draft[] =>
  DESIGN_SERVICES.map((service, i) =>
    draft({
      key: `design-service-${i}`,
      categorySlug: 'design-services',
      title: service.title,
      collection: null,
      brand: 'Lavabo',
      kind: 'design-service',
      attributes: { type: service.type },
      specs: [
        spec('General', 'Service', service.title),
        spec(
          'General',
          'Format',
          service.type === 'virtual consultation'
            ? 'Video call'
            : service.type === 'in-home consultation'
              ? 'In your home'
              : 'Designer-led',
        ),
        spec('General', 'Booking', 'Choose a time after checkout'),
      ],
      description: `${service.words} Design services by Lavabo designers.`,
      finishCodes: ['NA'],
      listUsd: service.usd,
    }),
  );

export const installServiceDrafts = (): Draft[] =>
  INSTALL_SERVICES.map((service, i) =>
    draft({
      key: `install-service-${i}`,
      categorySlug: 'install-services',
      title: service.title,
      collection: null,
      brand: 'Lavabo',
      kind: 'install-service',
      attributes: { type: service.type },
      specs: [
        spec('General', 'Service', service.title),
        spec('General', 'Provider', 'Licensed, insured local installer'),
        spec('General', 'Guarantee', '1 year on workmanship'),
      ],
      description: `${service.words} Professional install services; price covers a standard installation.`,
      finishCodes: ['NA'],
      listUsd: service.usd,
    }),
  );

/** A finished product a service part can fit. */
export interface FitTarget {
  readonly sku: string;
  /** The product line or collection name that starts its title, e.g. 'Avelle'. */
  readonly line: string;
  readonly categorySlug: string;
  readonly attributes: Readonly<Record<string, AttributeValue>>;
}

/**
 * Deals the targets out to `count` parts so every target gets exactly one part of this type
 * (so any of these model numbers finds at least one part) and each part fits several models.
 */
const deal = (rng: Random, targets: readonly FitTarget[], count: number): FitTarget[][] => {
  const hands: FitTarget[][] = Array.from({ length: count }, () => []);
  rng.shuffle(targets).forEach((target, i) => hands[i % count]?.push(target));
  return hands.map((hand) =>
    [...hand].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)),
  );
};

/** 'Avelle, Harbor and Wren': the lines a part fits, most frequent first, at most three. */
const linesWords = (hand: readonly FitTarget[]): string => {
  const counts = new Map<string, number>();
  for (const target of hand) counts.set(target.line, (counts.get(target.line) ?? 0) + 1);
  const lines = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([line]) => line)
    .sort();
  return listWords(lines);
};

const fitsWords = (models: readonly string[]): string =>
  `Fits models ${listWords(models.map(customerFacingSku))} (${models.join(', ')}).`;

interface PartGroup {
  readonly type: string;
  readonly targets: readonly FitTarget[];
  readonly count: number;
  readonly title: (rng: Random, lines: string) => string;
  readonly words: string;
  readonly range: readonly [number, number];
  readonly finishes: boolean;
}

export const servicePartDrafts = (rng: Random, products: readonly FitTarget[]): Draft[] => {
  const where = (test: (p: FitTarget) => boolean): FitTarget[] => products.filter(test);
  const faucets = where(
    (p) => p.categorySlug === 'bathroom-faucets' || p.categorySlug === 'kitchen-faucets',
  );
  const toilets = where((p) => p.categorySlug === 'toilets' && p.attributes['type'] !== 'bowl');
  const groups: PartGroup[] = [
    {
      type: 'cartridge',
      targets: faucets.filter((p) => p.attributes['handles'] === 1),
      count: 20,
      title: (r, lines) =>
        `Single-Handle Ceramic Disc Cartridge, ${r.pick([25, 35, 40])} mm, for ${lines} Faucets`,
      words:
        'A genuine replacement ceramic disc cartridge that stops drips and restores smooth handle movement.',
      range: [25, 120],
      finishes: false,
    },
    {
      type: 'cartridge',
      targets: faucets.filter((p) => p.attributes['handles'] === 2),
      count: 10,
      title: (r, lines) =>
        `${r.pick(['Hot', 'Cold', 'Hot and Cold'])} Quarter-Turn Cartridge for ${lines} Two-Handle Faucets`,
      words:
        'A genuine replacement quarter-turn stem cartridge with its seals, for two-handle faucets.',
      range: [18, 80],
      finishes: false,
    },
    {
      type: 'flush valve',
      targets: toilets.filter((p) => p.attributes['type'] !== 'bowl'),
      count: 14,
      title: (r, lines) =>
        `${r.pick(['2 in', '3 in', '3-1/2 in'])} Flush Valve Kit for ${lines} Toilets`,
      words:
        'A genuine replacement flush valve and seal that fixes a running or weak-flushing toilet.',
      range: [20, 85],
      finishes: false,
    },
    {
      type: 'fill valve',
      targets: toilets.filter((p) => p.attributes['type'] !== 'bowl'),
      count: 14,
      title: (r, lines) =>
        `Adjustable Fill Valve, ${r.pick(['9 to 14 in', '8 to 12 in'])}, for ${lines} Toilets`,
      words:
        'A genuine replacement fill valve with adjustable height that refills the tank quietly.',
      range: [15, 45],
      finishes: false,
    },
    {
      type: 'seal kit',
      targets: where((p) => p.categorySlug === 'toilets' && p.attributes['pieces'] === 'two'),
      count: 14,
      title: (r, lines) =>
        `Tank-to-Bowl ${r.pick(['Gasket and Bolt Kit', 'Seal Kit'])} for ${lines} Toilets`,
      words:
        'A genuine replacement tank-to-bowl gasket with bolts and washers that stops leaks between tank and bowl.',
      range: [8, 35],
      finishes: false,
    },
    ...(
      [
        [1.2, 9],
        [1.0, 7],
      ] as const
    ).map(([gpm, count]): PartGroup => ({
      type: 'aerator',
      targets: where((p) => p.categorySlug === 'bathroom-faucets' && p.attributes['gpm'] === gpm),
      count,
      title: (_r, lines) => `${gpm.toFixed(1)} gpm Aerator for ${lines} Bathroom Faucets`,
      words: `A genuine replacement ${gpm.toFixed(1)} gpm aerator that restores an even, splash-free stream.`,
      range: [5, 25],
      finishes: true,
    })),
    {
      type: 'diverter',
      targets: where(
        (p) =>
          p.categorySlug === 'showers' &&
          (p.attributes['type'] === 'shower system' ||
            p.attributes['type'] === 'valve trim' ||
            p.attributes['type'] === 'valve'),
      ),
      count: 12,
      title: (r, lines) => `${r.pick(['2-Way', '3-Way'])} Diverter Cartridge for ${lines} Showers`,
      words:
        'A genuine replacement diverter cartridge that sends water to the showerhead, handshower or tub spout.',
      range: [40, 240],
      finishes: false,
    },
  ];
  let index = 0;
  return groups.flatMap((group) =>
    deal(rng, group.targets, group.count).map((hand) => {
      const fits = hand.map((target) => target.sku);
      const title = group.title(rng, linesWords(hand));
      const finishes = group.finishes ? metalFinishes(rng, null, 2, 4) : ['NA'];
      const key = `service-part-${index}`;
      index += 1;
      return draft({
        key,
        categorySlug: 'service-parts',
        title,
        collection: null,
        brand: 'Lavabo',
        kind: 'part',
        attributes: { type: group.type },
        specs: [
          spec('General', 'Part type', group.type),
          spec('General', 'Fits models', fits.map(customerFacingSku).join(', ')),
          spec(
            'Installation',
            'Tools',
            group.type === 'cartridge' || group.type === 'diverter'
              ? 'Hex key and adjustable wrench'
              : 'None',
          ),
          ...generalSpecs('Lavabo', null, '1 year'),
        ],
        description: `${group.words} ${fitsWords(fits)} Find your model number on the product, its box or the installation guide.`,
        finishCodes: finishes,
        listUsd: price(rng, group.range[0], group.range[1]),
        fitsModels: fits,
      });
    }),
  );
};
