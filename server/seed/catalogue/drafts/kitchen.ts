/** Drafts for kitchen sinks, kitchen faucets and kitchen accessories. */
import type { Random } from '../prng';
import { COLLECTIONS } from '../reference';
import {
  collectionWords,
  colorFinishes,
  draft,
  finishNames,
  generalSpecs,
  inches,
  metalFinishes,
  placements,
  price,
  spec,
  type Draft,
  type Placement,
  withArticle,
} from './common';

type SinkMount = 'undermount' | 'top-mount' | 'farmhouse';
const MOUNT_TITLE: Record<SinkMount, string> = {
  undermount: 'Undermount',
  'top-mount': 'Top-Mount',
  farmhouse: 'Farmhouse',
};
const BOWL_TITLE = ['', 'Single-Bowl', 'Double-Bowl', 'Triple-Bowl'] as const;

export const kitchenSinkDrafts = (rng: Random): Draft[] =>
  placements(rng, 90, 0.5).map((place, i) => {
    const material = rng.weighted([
      ['stainless steel', 5],
      ['cast iron', 3],
      ['fireclay', 2],
    ]);
    const mount: SinkMount =
      material === 'stainless steel'
        ? rng.weighted<SinkMount>([
            ['undermount', 6],
            ['top-mount', 3],
            ['farmhouse', 1],
          ])
        : material === 'cast iron'
          ? rng.weighted<SinkMount>([
              ['top-mount', 4],
              ['undermount', 3],
              ['farmhouse', 3],
            ])
          : rng.weighted<SinkMount>([
              ['farmhouse', 7],
              ['undermount', 3],
            ]);
    const width = rng.pick([25, 30, 33, 36]);
    const bowls = width >= 33 && rng.chance(0.15) ? 3 : rng.chance(0.5) ? 1 : 2;
    const gauge = material === 'stainless steel' ? rng.pick([16, 18]) : null;
    const colors =
      material === 'stainless steel'
        ? ['NA']
        : material === 'cast iron'
          ? colorFinishes(rng, 1, 5)
          : colorFinishes(rng, 1, 3, ['BI', 'GR', 'BK']);
    const holes = mount === 'top-mount' ? rng.pick([1, 3, 4]) : 0;
    const [lo, hi] =
      material === 'stainless steel'
        ? gauge === 16
          ? [320, 1100]
          : [180, 700]
        : material === 'cast iron'
          ? [500, 1800]
          : [700, 2300];
    const materialTitle =
      material === 'stainless steel'
        ? 'Stainless Steel'
        : material === 'cast iron'
          ? 'Cast Iron'
          : 'Fireclay';
    return draft({
      key: `kitchen-sink-${i}`,
      categorySlug: 'kitchen-sinks',
      title: `${place.line} ${width} in ${MOUNT_TITLE[mount]} ${BOWL_TITLE[bowls] ?? ''} ${materialTitle} Kitchen Sink`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: gauge === null ? { mount, bowls, material } : { mount, bowls, material, gauge },
      specs: [
        spec('Dimensions', 'Width', inches(width)),
        spec('Dimensions', 'Front to back', inches(rng.pick([18, 19, 20, 22]))),
        spec('Dimensions', 'Bowl depth', inches(rng.pick([8, 9, 9.5, 10]))),
        spec('Materials', 'Material', materialTitle),
        ...(gauge === null
          ? [spec('Materials', 'Colors', finishNames(colors))]
          : [spec('Materials', 'Gauge', `${gauge} gauge`)]),
        spec('Installation', 'Mount', MOUNT_TITLE[mount]),
        spec('Installation', 'Bowls', String(bowls)),
        spec('Installation', 'Faucet holes', String(holes)),
        ...generalSpecs(
          place.brand,
          place.collection,
          material === 'stainless steel' ? 'Limited lifetime' : 'Limited 10 years',
        ),
      ],
      description: `The ${place.line} ${mount} kitchen sink is ${width} in wide with ${bowls === 1 ? 'one large bowl' : `${bowls} bowls`}, made of ${material === 'stainless steel' ? `${gauge} gauge stainless steel with sound-dampening pads` : material === 'cast iron' ? 'enameled cast iron that resists chips and stains' : 'glazed fireclay fired at high heat'}. ${mount === 'farmhouse' ? 'An apron front sits proud of the cabinets.' : mount === 'undermount' ? 'It mounts below the counter for easy clean-up.' : `Its rim rests on the counter, with ${holes} faucet ${holes === 1 ? 'hole' : 'holes'}.`}${material === 'stainless steel' ? '' : ` Available in ${finishNames(colors)}.`}${collectionWords(place.collection)}`,
      finishCodes: colors,
      listUsd: price(rng, lo, hi, place.collection?.tier ?? 1),
      freight: material === 'cast iron',
    });
  });

type KitchenFaucetType = 'pull-down' | 'pull-out' | 'bar' | 'pot filler' | 'touchless';
const KITCHEN_TITLE: Record<KitchenFaucetType, string> = {
  'pull-down': 'Pull-Down Kitchen Faucet',
  'pull-out': 'Pull-Out Kitchen Faucet',
  bar: 'Bar Faucet',
  'pot filler': 'Wall-Mount Pot Filler',
  touchless: 'Touchless Pull-Down Kitchen Faucet',
};
const KITCHEN_PRICE: Record<KitchenFaucetType, readonly [number, number]> = {
  'pull-down': [180, 860],
  'pull-out': [150, 600],
  bar: [120, 480],
  'pot filler': [300, 950],
  touchless: [350, 1100],
};
const KITCHEN_STYLES = ['', 'Semi-Professional', 'High-Arc', 'Low-Profile', 'Bridge', 'Gooseneck'];

export const kitchenFaucetDrafts = (rng: Random): Draft[] => {
  const places = placements(rng, 100, 0.7);
  // The first model is the house example of the docs: K-4120, the Avelle pull-down faucet, in Matte Black too.
  const avelle = COLLECTIONS.find((c) => c.slug === 'avelle');
  if (avelle !== undefined)
    places[0] = { collection: avelle, line: avelle.name, brand: avelle.brand };
  return places.map((place: Placement, i) => {
    const type: KitchenFaucetType =
      i === 0
        ? 'pull-down'
        : rng.weighted<KitchenFaucetType>([
            ['pull-down', 45],
            ['pull-out', 15],
            ['bar', 12],
            ['pot filler', 10],
            ['touchless', 18],
          ]);
    const style =
      i === 0 || type === 'pot filler' || type === 'touchless' ? '' : rng.pick(KITCHEN_STYLES);
    const handles = style === 'Bridge' || type === 'pot filler' ? 2 : 1;
    const gpm = rng.pick([1.5, 1.8]);
    let finishes = metalFinishes(rng, place.collection, 3, 5);
    if (i === 0 && !finishes.includes('BL')) finishes = ['CP', 'BN', 'BL'];
    const [lo, hi] = KITCHEN_PRICE[type];
    const reach = type === 'bar' ? rng.pick([5, 6]) : rng.pick([8, 9, 9.5, 10]);
    return draft({
      key: `kitchen-faucet-${i}`,
      categorySlug: 'kitchen-faucets',
      title: `${place.line} ${style === '' ? '' : `${style} `}${KITCHEN_TITLE[type]}`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { type, gpm, handles },
      specs: [
        spec('Dimensions', 'Spout reach', inches(reach)),
        spec(
          'Dimensions',
          'Spout height',
          inches(type === 'pot filler' ? 4 : rng.pick([8, 9.5, 10.5, 16])),
        ),
        spec('Materials', 'Material', 'Solid brass'),
        spec('Materials', 'Valve', 'Ceramic disc'),
        spec('Materials', 'Finishes', finishNames(finishes)),
        spec('Performance', 'Flow rate', `${gpm} gpm`),
        ...(type === 'pull-down' || type === 'pull-out' || type === 'touchless'
          ? [spec('Performance', 'Spray modes', 'Stream, spray and pause')]
          : []),
        spec('Installation', 'Mount', type === 'pot filler' ? 'Wall' : 'Deck, 1 or 3 holes'),
        spec('Installation', 'Handles', String(handles)),
        ...(type === 'touchless'
          ? [spec('Installation', 'Power', '6 AA batteries, included')]
          : []),
        ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
      ],
      description: `The ${place.line} ${type} kitchen faucet ${type === 'pot filler' ? 'mounts on the wall above the range and folds flat when not in use' : type === 'bar' ? 'is sized for a bar or prep sink' : type === 'touchless' ? 'turns on with a wave of the hand and has a pull-down spray head' : `has a ${type} spray head that docks with a magnet`}, with ${handles === 1 ? 'a single lever handle' : 'two handles'} and ${withArticle(`${reach} in`)} reach. Solid brass, ceramic disc valve, ${gpm} gpm. Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
      finishCodes: finishes,
      listUsd: price(rng, lo, hi, place.collection?.tier ?? 1),
      partsDiagram: true,
    });
  });
};

type KitchenAccessory =
  'soap dispenser' | 'air gap' | 'strainer' | 'disposal flange' | 'water filter';
const KITCHEN_ACCESSORY_MIX: readonly (readonly [KitchenAccessory, number])[] = [
  ['soap dispenser', 18],
  ['air gap', 10],
  ['strainer', 14],
  ['disposal flange', 10],
  ['water filter', 8],
];

const kitchenAccessoryFacts = (
  type: KitchenAccessory,
): { title: string; words: string; range: readonly [number, number] } => {
  switch (type) {
    case 'soap dispenser':
      return {
        title: 'Soap and Lotion Dispenser',
        words:
          'A deck-mount soap and lotion dispenser with a 16 oz bottle that refills from above the counter.',
        range: [25, 150],
      };
    case 'air gap':
      return {
        title: 'Dishwasher Air Gap Cover',
        words:
          'A decorative air gap cover for a dishwasher drain line, required by code in many areas.',
        range: [15, 80],
      };
    case 'strainer':
      return {
        title: 'Basket Strainer for 3-1/2 in Drains',
        words: 'A deep basket strainer with a stopper for standard 3-1/2 in kitchen sink drains.',
        range: [10, 60],
      };
    case 'disposal flange':
      return {
        title: 'Disposal Flange and Stopper',
        words:
          'A disposal flange and stopper that finish the drain of a garbage disposal in the same finish as the faucet.',
        range: [20, 90],
      };
    case 'water filter':
      return {
        title: 'Under-Sink Water Filtration System',
        words:
          'An under-sink water filtration system that reduces chlorine, lead and sediment; one filter lasts six months.',
        range: [120, 400],
      };
  }
};

export const kitchenAccessoryDrafts = (rng: Random): Draft[] => {
  const types = KITCHEN_ACCESSORY_MIX.flatMap(([type, count]) =>
    Array.from({ length: count }, () => type),
  );
  return placements(rng, types.length, 0.6).map((place, i) => {
    const type = types[i] as KitchenAccessory;
    const facts = kitchenAccessoryFacts(type);
    const finishes = type === 'water filter' ? ['NA'] : metalFinishes(rng, place.collection, 2, 5);
    return draft({
      key: `kitchen-accessory-${i}`,
      categorySlug: 'kitchen-accessories',
      title: `${place.line} ${facts.title}`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { type },
      specs: [
        spec(
          'Materials',
          'Material',
          type === 'water filter' ? 'Polypropylene housing' : 'Solid brass',
        ),
        ...(type === 'water filter' ? [] : [spec('Materials', 'Finishes', finishNames(finishes))]),
        spec('Installation', 'Mount', type === 'water filter' ? 'Under sink' : 'Deck or sink'),
        ...generalSpecs(
          place.brand,
          place.collection,
          type === 'water filter' ? '1 year' : 'Limited lifetime',
        ),
      ],
      description: `${facts.words}${type === 'water filter' ? '' : ` Available in ${finishNames(finishes)} finishes to match the kitchen faucet.`}${collectionWords(place.collection)}`,
      finishCodes: finishes,
      listUsd: price(rng, facts.range[0], facts.range[1], place.collection?.tier ?? 1),
    });
  });
};
