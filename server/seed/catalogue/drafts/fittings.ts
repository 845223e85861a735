/** Drafts for metal-finish fittings: bathroom faucets, showers (valves, trims, heads) and accessories. */
import type { Random } from '../prng';
import {
  capitalise,
  collectionWords,
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

type FaucetMount = 'single-hole' | 'centerset' | 'widespread' | 'wall-mount';
const FAUCET_MOUNT_TITLE: Record<FaucetMount, string> = {
  'single-hole': 'Single-Hole',
  centerset: 'Centerset',
  widespread: 'Widespread',
  'wall-mount': 'Wall-Mount',
};
const FAUCET_PRICE: Record<FaucetMount, readonly [number, number]> = {
  'single-hole': [90, 430],
  centerset: [70, 290],
  widespread: [180, 820],
  'wall-mount': [240, 780],
};
const SPOUTS = ['High-Arc', 'Low-Arc', 'Tall', 'Compact', 'Angled', 'Waterfall'] as const;

export const bathroomFaucetDrafts = (rng: Random): Draft[] =>
  placements(rng, 140, 0.75).map((place, i) => {
    const mount = rng.weighted<FaucetMount>([
      ['single-hole', 40],
      ['centerset', 20],
      ['widespread', 30],
      ['wall-mount', 10],
    ]);
    const handles = mount === 'single-hole' ? 1 : mount === 'widespread' ? 2 : rng.pick([1, 2]);
    const gpm =
      mount === 'wall-mount'
        ? 1.2
        : rng.weighted([
            [1.2, 6],
            [1.0, 4],
          ]);
    const spout = rng.pick(SPOUTS);
    const finishes = metalFinishes(rng, place.collection, 3, 6);
    const handleWords = handles === 1 ? 'Single-Handle' : 'Two-Handle';
    const lever =
      place.collection?.slug === 'marlowe' || place.collection?.slug === 'fenwick'
        ? 'cross'
        : 'lever';
    const [lo, hi] = FAUCET_PRICE[mount];
    const spoutHeight = spout === 'Tall' ? rng.pick([9, 10.5, 12]) : rng.pick([3.5, 4.25, 5, 5.75]);
    return draft({
      key: `bathroom-faucet-${i}`,
      categorySlug: 'bathroom-faucets',
      title: `${place.line} ${spout} ${FAUCET_MOUNT_TITLE[mount]} ${handleWords} Bathroom Sink Faucet`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { mount, handles, gpm },
      specs: [
        spec('Dimensions', 'Spout height', inches(spoutHeight)),
        spec('Dimensions', 'Spout reach', inches(rng.pick([4.5, 5, 5.5, 6, 7.25]))),
        spec('Materials', 'Material', 'Solid brass'),
        spec('Materials', 'Valve', 'Ceramic disc'),
        spec('Materials', 'Finishes', finishNames(finishes)),
        spec('Performance', 'Flow rate', `${gpm} gpm`),
        spec('Performance', 'WaterSense certified', 'Yes'),
        spec('Installation', 'Mount', FAUCET_MOUNT_TITLE[mount]),
        spec(
          'Installation',
          'Faucet holes',
          mount === 'single-hole' ? '1' : mount === 'wall-mount' ? 'Wall' : '3',
        ),
        spec('Installation', 'Handles', String(handles)),
        spec(
          'Installation',
          'Drain',
          rng.chance(0.7) ? 'Pop-up drain included' : 'Drain sold separately',
        ),
        ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
      ],
      description: `The ${place.line} ${mount} bathroom sink faucet has ${withArticle(spout.toLowerCase())} spout ${spoutHeight} in tall and ${handles === 1 ? `a single ${lever} handle` : `two ${lever} handles`}. Solid brass with a drip-free ceramic disc valve and ${withArticle(`${gpm} gpm`)} WaterSense aerator. ${mount === 'widespread' ? 'Fits three holes on 8 in centers.' : mount === 'centerset' ? 'Fits three holes on 4 in centers.' : mount === 'wall-mount' ? 'Mounts on the wall above a vessel sink; rough-in valve sold separately.' : 'Fits a single hole sink or a vessel sink.'} Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
      finishCodes: finishes,
      listUsd: price(rng, lo, hi, place.collection?.tier ?? 1),
      partsDiagram: true,
    });
  });

type ValveKind = 'pressure-balance' | 'thermostatic';
const VALVE_TITLE: Record<ValveKind, string> = {
  'pressure-balance': 'Pressure-Balance',
  thermostatic: 'Thermostatic',
};

/** Showers: rough-in valves first, so the valve trims can require one of their kind. */
export const showerDrafts = (rng: Random): Draft[] => {
  const drafts: Draft[] = [];
  const valves: { key: string; kind: ValveKind }[] = [];
  for (let i = 0; i < 15; i += 1) {
    const kind: ValveKind = i % 3 === 2 ? 'thermostatic' : 'pressure-balance';
    const size = kind === 'thermostatic' ? rng.pick(['1/2 in', '3/4 in']) : '1/2 in';
    const connection = rng.pick(['PEX', 'Copper Sweat', 'IPS']);
    const line = rng.pick(['Harbor', 'Quill', 'Corsa', 'Halden']);
    const key = `shower-valve-${i}`;
    valves.push({ key, kind });
    drafts.push(
      draft({
        key,
        categorySlug: 'showers',
        title: `${line} ${VALVE_TITLE[kind]} Rough-In Valve, ${size} ${connection}`,
        collection: null,
        brand: 'Lavabo',
        kind: 'finished-good',
        attributes: { type: 'valve' },
        specs: [
          spec('Materials', 'Material', 'Forged brass'),
          spec('Performance', 'Valve type', VALVE_TITLE[kind]),
          spec('Performance', 'Outlets', kind === 'thermostatic' ? '2' : '1 or 2 with a diverter'),
          spec('Installation', 'Connection', `${size} ${connection}`),
          spec('Installation', 'Stops', rng.chance(0.5) ? 'Integral stops' : 'None'),
          ...generalSpecs('Lavabo', null, 'Limited lifetime'),
        ],
        description: `${capitalise(withArticle(kind))} rough-in valve body that installs in the wall behind a shower or tub trim, with ${size} ${connection.toLowerCase()} connections. ${kind === 'thermostatic' ? 'Holds the water temperature you set even when someone flushes.' : 'Balances hot and cold pressure to prevent scalding.'} Required for every matching valve trim; sold without handle or trim.`,
        finishCodes: ['NA'],
        listUsd: price(
          rng,
          kind === 'thermostatic' ? 190 : 120,
          kind === 'thermostatic' ? 350 : 240,
        ),
      }),
    );
  }

  const trimPlaces = placements(rng, 25, 0.8);
  trimPlaces.forEach((place, i) => {
    const kind: ValveKind = i % 3 === 2 ? 'thermostatic' : 'pressure-balance';
    const valve = rng.pick(valves.filter((v) => v.kind === kind));
    const finishes = metalFinishes(rng, place.collection, 3, 5);
    const handle = place.collection?.slug === 'marlowe' ? 'Cross Handle' : 'Lever Handle';
    const withTub = rng.chance(0.4);
    drafts.push(
      draft({
        key: `shower-trim-${i}`,
        categorySlug: 'showers',
        title: `${place.line} ${VALVE_TITLE[kind]} ${withTub ? 'Bath and Shower' : 'Shower'} Valve Trim with ${handle}`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: { type: 'valve trim' },
        specs: [
          spec('Dimensions', 'Escutcheon diameter', inches(rng.pick([6.5, 7, 7.5]))),
          spec('Materials', 'Material', 'Brass and zinc'),
          spec('Materials', 'Finishes', finishNames(finishes)),
          spec('Performance', 'Valve type', VALVE_TITLE[kind]),
          spec('Installation', 'Requires', `${VALVE_TITLE[kind]} rough-in valve, sold separately`),
          ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
        ],
        description: `The ${place.line} ${kind} valve trim is the visible part of the shower control: escutcheon plate and ${handle.toLowerCase()}${withTub ? ', with a tub spout' : ''}. It requires the matching ${kind} rough-in valve in the wall, sold separately. Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
        finishCodes: finishes,
        listUsd: price(rng, 150, 820, place.collection?.tier ?? 1),
        requiredKeys: [valve.key],
        partsDiagram: true,
      }),
    );
  });

  const heads = placements(rng, 40, 0.7);
  heads.forEach((place, i) => {
    const sprays = rng.weighted([
      [1, 4],
      [2, 2],
      [3, 2],
      [4, 1],
      [5, 1],
      [6, 1],
    ]);
    const gpm = rng.weighted([
      [1.75, 4],
      [2.0, 3],
      [1.5, 2],
      [2.5, 2],
    ]);
    const shape = rng.pick(['Round Rain', 'Square Rain', 'Classic', 'Compact']);
    const size = shape.includes('Rain') ? rng.pick([8, 10, 12]) : rng.pick([4, 5, 6]);
    const finishes = metalFinishes(rng, place.collection, 3, 6);
    const functions = sprays === 1 ? 'Single-Function' : `${sprays}-Function`;
    drafts.push(
      draft({
        key: `showerhead-${i}`,
        categorySlug: 'showers',
        title: `${place.line} ${size} in ${shape} ${functions} Showerhead, ${gpm} gpm`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: { type: 'showerhead', gpm, sprays },
        specs: [
          spec('Dimensions', 'Face diameter', inches(size)),
          spec(
            'Materials',
            'Material',
            shape.includes('Rain')
              ? 'Stainless steel face, brass ball joint'
              : 'Brass and engineered polymer',
          ),
          spec('Materials', 'Finishes', finishNames(finishes)),
          spec('Performance', 'Flow rate', `${gpm} gpm`),
          spec('Performance', 'Spray settings', String(sprays)),
          spec('Performance', 'WaterSense certified', gpm <= 2 ? 'Yes' : 'No'),
          spec('Installation', 'Connection', '1/2 in NPT shower arm'),
          ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
        ],
        description: `${capitalise(withArticle(`${size} in`))} ${shape.toLowerCase()} shower head with ${sprays === 1 ? 'one spray' : `${sprays} spray settings`} and ${withArticle(`${gpm} gpm`)} flow rate. Soft rubber nozzles wipe clean of mineral build-up. Threads onto any standard 1/2 in shower arm. Available in ${finishNames(finishes)} finishes.${gpm > 2 ? ' Not sold in states that limit showerheads to 2.0 gpm or less.' : ''}${collectionWords(place.collection)}`,
        finishCodes: finishes,
        listUsd: price(
          rng,
          shape.includes('Rain') ? 120 : 40,
          shape.includes('Rain') ? 600 : 220,
          place.collection?.tier ?? 1,
        ),
        noShipStates: gpm > 2 ? ['CA', 'CO', 'NY', 'WA'] : [],
      }),
    );
  });

  placements(rng, 25, 0.7).forEach((place, i) => {
    const sprays = rng.int(1, 4);
    const gpm = rng.pick([1.75, 2.0]);
    const hose = rng.pick([60, 69, 72]);
    const finishes = metalFinishes(rng, place.collection, 3, 5);
    drafts.push(
      draft({
        key: `handshower-${i}`,
        categorySlug: 'showers',
        title: `${place.line} ${sprays === 1 ? 'Single-Function' : `${sprays}-Function`} Handshower with ${hose} in Hose`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: { type: 'handshower', gpm, sprays },
        specs: [
          spec('Dimensions', 'Hose length', inches(hose)),
          spec('Materials', 'Finishes', finishNames(finishes)),
          spec('Performance', 'Flow rate', `${gpm} gpm`),
          spec('Performance', 'Spray settings', String(sprays)),
          spec('Installation', 'Mount', rng.pick(['Wall bracket', 'Slide bar'])),
          ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
        ],
        description: `A hand shower with ${sprays === 1 ? 'one spray' : `${sprays} spray settings`}, ${withArticle(`${hose} in`)} metal hose and a wall holder, ${gpm} gpm. Handy for rinsing, bathing children and cleaning the shower. Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
        finishCodes: finishes,
        listUsd: price(rng, 60, 380, place.collection?.tier ?? 1),
      }),
    );
  });

  placements(rng, 10, 0.6).forEach((place, i) => {
    const finishes = metalFinishes(rng, place.collection, 3, 5);
    drafts.push(
      draft({
        key: `body-spray-${i}`,
        categorySlug: 'showers',
        title: `${place.line} ${rng.pick(['Round', 'Square'])} Body Spray`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: { type: 'body spray', gpm: 1.5, sprays: 1 },
        specs: [
          spec('Materials', 'Finishes', finishNames(finishes)),
          spec('Performance', 'Flow rate', '1.5 gpm'),
          spec('Installation', 'Mount', 'Wall, 1/2 in NPT'),
          ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
        ],
        description: `A wall-mount body spray that adds a massaging side spray to a custom shower, 1.5 gpm, adjustable angle. Use three or four with a diverter valve. Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
        finishCodes: finishes,
        listUsd: price(rng, 90, 290, place.collection?.tier ?? 1),
      }),
    );
  });

  placements(rng, 15, 0.85).forEach((place, i) => {
    const sprays = rng.int(2, 6);
    const gpm = rng.pick([1.75, 2.0]);
    const finishes = metalFinishes(rng, place.collection, 2, 4);
    drafts.push(
      draft({
        key: `shower-system-${i}`,
        categorySlug: 'showers',
        title: `${place.line} ${rng.pick(['Thermostatic', 'Pressure-Balance'])} Shower System with ${rng.pick(['10 in', '12 in'])} Rain Head and Handshower`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: { type: 'shower system', gpm, sprays },
        specs: [
          spec('Materials', 'Finishes', finishNames(finishes)),
          spec('Performance', 'Flow rate', `${gpm} gpm`),
          spec('Performance', 'Spray settings', String(sprays)),
          spec('Installation', 'Includes', 'Valve, trim, rain head, arm, handshower and slide bar'),
          ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
        ],
        description: `A complete shower system: rain shower head, hand shower on a slide bar, valve and trim in one box, with ${sprays} spray experiences at ${gpm} gpm. Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
        finishCodes: finishes,
        listUsd: price(rng, 900, 3200, place.collection?.tier ?? 1),
        partsDiagram: true,
      }),
    );
  });
  return drafts;
};

type AccessoryType = 'towel bar' | 'towel ring' | 'robe hook' | 'toilet paper holder' | 'grab bar';
const ACCESSORY_TYPES: readonly AccessoryType[] = [
  'towel bar',
  'towel ring',
  'robe hook',
  'toilet paper holder',
  'grab bar',
];

const accessoryTitle = (
  rng: Random,
  type: AccessoryType,
): { title: string; size: number | null } => {
  switch (type) {
    case 'towel bar': {
      const size = rng.pick([18, 24, 30]);
      return { title: `${size} in ${rng.pick(['Towel Bar', 'Double Towel Bar'])}`, size };
    }
    case 'towel ring':
      return { title: 'Towel Ring', size: null };
    case 'robe hook':
      return { title: rng.pick(['Robe Hook', 'Double Robe Hook']), size: null };
    case 'toilet paper holder':
      return {
        title: rng.pick(['Toilet Paper Holder', 'Pivoting Toilet Paper Holder']),
        size: null,
      };
    case 'grab bar': {
      const size = rng.pick([12, 18, 24, 36]);
      return { title: `${size} in Grab Bar`, size };
    }
  }
};

const ACCESSORY_PRICE: Record<AccessoryType, readonly [number, number]> = {
  'towel bar': [35, 175],
  'towel ring': [25, 90],
  'robe hook': [15, 60],
  'toilet paper holder': [25, 110],
  'grab bar': [40, 240],
};

export const bathroomAccessoryDrafts = (rng: Random): Draft[] =>
  placements(rng, 110, 0.85).map((place: Placement, i) => {
    const type = ACCESSORY_TYPES[i % ACCESSORY_TYPES.length] as AccessoryType;
    const { title, size } = accessoryTitle(rng, type);
    const finishes = metalFinishes(rng, place.collection, 3, 6);
    const [lo, hi] = ACCESSORY_PRICE[type];
    return draft({
      key: `bathroom-accessory-${i}`,
      categorySlug: 'bathroom-accessories',
      title: `${place.line} ${title}`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { type },
      specs: [
        ...(size === null ? [] : [spec('Dimensions', 'Length', inches(size))]),
        spec('Materials', 'Material', type === 'grab bar' ? 'Stainless steel' : 'Solid brass'),
        spec('Materials', 'Finishes', finishNames(finishes)),
        spec('Installation', 'Mount', 'Wall, concealed screws'),
        ...(type === 'grab bar'
          ? [spec('Performance', 'Load rating', '500 lb, ADA compliant')]
          : []),
        ...generalSpecs(place.brand, place.collection, 'Limited lifetime'),
      ],
      description: `The ${place.line} ${type}${size === null ? '' : `, ${size} in long,`} mounts on the wall with concealed screws. ${type === 'grab bar' ? 'Rated to 500 lb and ADA compliant, with a textured grip.' : 'Solid brass construction with a finish that resists tarnish.'} Available in ${finishNames(finishes)} finishes.${collectionWords(place.collection)}`,
      finishCodes: finishes,
      listUsd: price(rng, lo, hi, place.collection?.tier ?? 1),
    });
  });
