/** Drafts for toilets (with bowl + tank super SKUs), bathroom sinks and bathtubs. */
import type { Random } from '../prng';
import {
  capitalise,
  collectionWords,
  colorFinishes,
  draft,
  finishNames,
  generalSpecs,
  inches,
  placements,
  price,
  spec,
  type Draft,
  type Placement,
  withArticle,
} from './common';

type Shape = 'round' | 'elongated';
type Height = 'standard' | 'comfort';
type Flush = 'single' | 'dual';

interface ToiletFacts {
  readonly shape: Shape;
  readonly height: Height;
  readonly flush: Flush;
  readonly gpf: number;
  readonly roughin: number;
}

const toiletFacts = (rng: Random, smart = false): ToiletFacts => {
  const flush: Flush = smart || rng.chance(0.4) ? 'dual' : 'single';
  return {
    shape: smart || rng.chance(0.7) ? 'elongated' : 'round',
    height: smart || rng.chance(0.65) ? 'comfort' : 'standard',
    flush,
    gpf:
      flush === 'dual'
        ? rng.pick([1.28, 1.1])
        : rng.weighted([
            [1.28, 5],
            [1.1, 2],
            [1.0, 2],
            [0.8, 1],
          ]),
    roughin: rng.weighted([
      [12, 8],
      [10, 1],
      [14, 1],
    ]),
  };
};

const shapeTitle = (shape: Shape): string => (shape === 'elongated' ? 'Elongated' : 'Round-Front');
const heightTitle = (height: Height): string => (height === 'comfort' ? ' Comfort Height' : '');
const flushTitle = (flush: Flush): string => (flush === 'dual' ? ' Dual-Flush' : '');
const gpfWords = (facts: ToiletFacts): string =>
  facts.flush === 'dual'
    ? `a dual flush of 0.8 gallons for liquids and ${facts.gpf} gallons per flush (gpf) for solids`
    : `a single flush of ${facts.gpf} gallons per flush (gpf)`;
const heightWords = (height: Height): string =>
  height === 'comfort'
    ? 'comfort height, about 17 in from floor to rim, for easier sitting and standing'
    : 'standard height, about 15 in from floor to rim';

const toiletSpecs = (
  facts: Partial<ToiletFacts>,
  colors: readonly string[],
  place: Placement,
  extra: ReturnType<typeof spec>[] = [],
): ReturnType<typeof spec>[] => [
  ...(facts.shape === undefined
    ? []
    : [spec('Dimensions', 'Overall length', inches(facts.shape === 'elongated' ? 29.5 : 27.75))]),
  ...(facts.height === undefined
    ? []
    : [spec('Dimensions', 'Rim height', inches(facts.height === 'comfort' ? 16.5 : 15))]),
  spec('Materials', 'Material', 'Vitreous china'),
  spec('Materials', 'Colors', finishNames(colors)),
  ...(facts.flush === undefined
    ? []
    : [
        spec('Performance', 'Flush', capitalise(facts.flush)),
        spec('Performance', 'Gallons per flush', `${facts.gpf ?? 1.28} gpf`),
        spec('Performance', 'WaterSense certified', 'Yes'),
      ]),
  ...(facts.roughin === undefined ? [] : [spec('Installation', 'Rough-in', inches(facts.roughin))]),
  ...extra,
  ...generalSpecs(
    place.brand,
    place.collection,
    'Limited lifetime on vitreous china, 1 year on parts',
  ),
];

export const toiletDrafts = (rng: Random): Draft[] => {
  const drafts: Draft[] = [];
  const places = placements(rng, 86, 0.55);
  let at = 0;
  const nextPlace = (): Placement => places[at++] as Placement;

  for (let i = 0; i < 8; i += 1) {
    const place = nextPlace();
    const facts = toiletFacts(rng, true);
    const colors = colorFinishes(rng, 1, 3, ['BK', 'GR']);
    const feature = rng.pick([
      'Heated Seat and Bidet',
      'Integrated Bidet',
      'Touchless Flush and Night Light',
    ]);
    drafts.push(
      draft({
        key: `toilet-smart-${i}`,
        categorySlug: 'toilets',
        title: `${place.line} Smart Toilet with ${feature}`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: {
          type: 'smart toilet',
          shape: facts.shape,
          height: facts.height,
          flush: facts.flush,
          gpf: facts.gpf,
          pieces: 'one',
          roughin: facts.roughin,
        },
        specs: toiletSpecs(facts, colors, place, [
          spec('Performance', 'Features', feature),
          spec('Installation', 'Electrical', '120 V GFCI outlet within 3 ft'),
        ]),
        description: `The ${place.line} smart toilet is a one-piece elongated toilet with ${feature.toLowerCase()}, a heated seat with adjustable temperature and a remote control. It is ${heightWords(facts.height)}, with ${gpfWords(facts)}. Skirted vitreous china, ${facts.roughin} in rough-in, plugs into a standard outlet. Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
        finishCodes: colors,
        listUsd: price(rng, 1500, 7600, place.collection?.tier ?? 1),
        partsDiagram: true,
      }),
    );
  }

  for (let i = 0; i < 12; i += 1) {
    const place = nextPlace();
    const facts = toiletFacts(rng);
    const colors = colorFinishes(rng, 1, 4);
    const tier = place.collection?.tier ?? 1;
    const bowlUsd = price(rng, 180, 380, tier);
    const tankUsd = price(rng, 180, 320, tier);
    const bowlKey = `toilet-bowl-${i}`;
    const tankKey = `toilet-tank-${i}`;
    const shape = shapeTitle(facts.shape);
    drafts.push(
      draft({
        key: bowlKey,
        categorySlug: 'toilets',
        title: `${place.line} ${shape}${heightTitle(facts.height)} Toilet Bowl`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: {
          type: 'bowl',
          shape: facts.shape,
          height: facts.height,
          pieces: 'two',
          roughin: facts.roughin,
        },
        specs: toiletSpecs(
          { shape: facts.shape, height: facts.height, roughin: facts.roughin },
          colors,
          place,
        ),
        description: `The bowl of the ${place.line} two-piece toilet, sold on its own: ${withArticle(facts.shape)} bowl at ${heightWords(facts.height)}, in glazed vitreous china with ${withArticle(`${facts.roughin} in`)} rough-in. Pair it with the matching ${place.line} tank. Seat not included. Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
        finishCodes: colors,
        listUsd: bowlUsd,
      }),
      draft({
        key: tankKey,
        categorySlug: 'toilets',
        title: `${place.line}${flushTitle(facts.flush)} Toilet Tank, ${facts.gpf} gpf`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: { type: 'tank', flush: facts.flush, gpf: facts.gpf, pieces: 'two' },
        specs: toiletSpecs({ flush: facts.flush, gpf: facts.gpf }, colors, place),
        description: `The tank of the ${place.line} two-piece toilet, sold on its own, with ${gpfWords(facts)}. Vitreous china with the flush valve, fill valve and trip lever installed. Pair it with the matching ${place.line} bowl. Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
        finishCodes: colors,
        listUsd: tankUsd,
        partsDiagram: true,
      }),
      draft({
        key: `toilet-combo-${i}`,
        categorySlug: 'toilets',
        title: `${place.line} ${shape}${heightTitle(facts.height)} Two-Piece${flushTitle(facts.flush)} Toilet`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: {
          type: 'toilet',
          shape: facts.shape,
          height: facts.height,
          flush: facts.flush,
          gpf: facts.gpf,
          pieces: 'two',
          roughin: facts.roughin,
        },
        specs: toiletSpecs(facts, colors, place, [
          spec('General', 'Includes', 'Bowl and tank, shipped as two boxes'),
        ]),
        description: `The ${place.line} two-piece toilet, sold as its bowl and tank together: ${withArticle(facts.shape)} bowl at ${heightWords(facts.height)}, with ${gpfWords(facts)}. Vitreous china, ${facts.roughin} in rough-in, WaterSense certified. Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
        finishCodes: colors,
        listUsd: Math.round(((bowlUsd + tankUsd) * 0.95) / 5) * 5,
        componentKeys: [bowlKey, tankKey],
        partsDiagram: true,
      }),
    );
  }

  for (let i = 0; i < 66; i += 1) {
    const place = nextPlace();
    const facts = toiletFacts(rng);
    const onePiece = rng.chance(0.4);
    const colors = colorFinishes(rng, 1, 4);
    const tier = place.collection?.tier ?? 1;
    drafts.push(
      draft({
        key: `toilet-${i}`,
        categorySlug: 'toilets',
        title: `${place.line} ${shapeTitle(facts.shape)}${heightTitle(facts.height)} ${onePiece ? 'One-Piece' : 'Two-Piece'}${flushTitle(facts.flush)} Toilet`,
        collection: place.collection,
        brand: place.brand,
        kind: 'finished-good',
        attributes: {
          type: 'toilet',
          shape: facts.shape,
          height: facts.height,
          flush: facts.flush,
          gpf: facts.gpf,
          pieces: onePiece ? 'one' : 'two',
          roughin: facts.roughin,
        },
        specs: toiletSpecs(facts, colors, place),
        description: `The ${place.line} ${onePiece ? 'one-piece' : 'two-piece'} toilet has ${withArticle(facts.shape)} bowl at ${heightWords(facts.height)}, with ${gpfWords(facts)}. ${onePiece ? 'A skirted one-piece body is easy to clean.' : 'A classic two-piece build with a close-coupled tank.'} Vitreous china, ${facts.roughin} in rough-in, seat included. Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
        finishCodes: colors,
        listUsd: onePiece ? price(rng, 450, 1150, tier) : price(rng, 180, 700, tier),
        partsDiagram: rng.chance(0.5),
      }),
    );
  }
  return drafts;
};

type SinkMount = 'undermount' | 'drop-in' | 'vessel' | 'pedestal' | 'wall-mount';
const SINK_MOUNT_TITLE: Record<SinkMount, string> = {
  undermount: 'Undermount',
  'drop-in': 'Drop-In',
  vessel: 'Vessel',
  pedestal: 'Pedestal',
  'wall-mount': 'Wall-Mount',
};
const SINK_BASE_PRICE: Record<SinkMount, readonly [number, number]> = {
  undermount: [90, 340],
  'drop-in': [110, 380],
  vessel: [150, 560],
  pedestal: [240, 820],
  'wall-mount': [190, 640],
};

export const bathroomSinkDrafts = (rng: Random): Draft[] =>
  placements(rng, 100, 0.6).map((place, i) => {
    const mount = rng.weighted<SinkMount>([
      ['undermount', 30],
      ['drop-in', 20],
      ['vessel', 25],
      ['pedestal', 15],
      ['wall-mount', 10],
    ]);
    const material =
      mount === 'vessel' || mount === 'pedestal'
        ? rng.weighted([
            ['vitreous china', 7],
            ['fireclay', 3],
          ])
        : rng.weighted([
            ['vitreous china', 6],
            ['fireclay', 2],
            ['cast iron', 2],
          ]);
    const shape =
      mount === 'vessel'
        ? rng.pick(['Round', 'Oval', 'Square'])
        : rng.pick(['Oval', 'Rectangular', 'Square']);
    const width =
      shape === 'Round'
        ? rng.pick([15, 16, 17])
        : shape === 'Rectangular'
          ? rng.pick([20, 22, 24, 28, 30])
          : rng.pick([17, 18, 19, 21]);
    const holes =
      mount === 'undermount' || mount === 'vessel'
        ? 'none'
        : rng.weighted([
            ['single-hole', 4],
            ['centerset', 3],
            ['widespread', 3],
          ]);
    const colors = colorFinishes(rng, 1, material === 'cast iron' ? 5 : 3);
    const [lo, hi] = SINK_BASE_PRICE[mount];
    const factor = material === 'cast iron' ? 2 : material === 'fireclay' ? 1.6 : 1;
    const holeWords =
      holes === 'none'
        ? 'no faucet holes, so it pairs with a deck-mount or wall-mount faucet'
        : holes === 'single-hole'
          ? 'a single faucet hole'
          : holes === 'centerset'
            ? 'three faucet holes on 4 in centers for a centerset faucet'
            : 'three faucet holes on 8 in centers for a widespread faucet';
    return draft({
      key: `bathroom-sink-${i}`,
      categorySlug: 'bathroom-sinks',
      title: `${place.line} ${width} in ${shape} ${SINK_MOUNT_TITLE[mount]} Bathroom Sink`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { mount, material, holes, width },
      specs: [
        spec('Dimensions', 'Width', inches(width)),
        spec('Dimensions', 'Depth', inches(Math.round(width * 0.75))),
        spec('Dimensions', 'Bowl depth', inches(rng.pick([5.5, 6, 6.5, 7]))),
        spec('Materials', 'Material', capitalise(material)),
        spec('Materials', 'Colors', finishNames(colors)),
        spec('Installation', 'Mount', SINK_MOUNT_TITLE[mount]),
        spec('Installation', 'Faucet holes', capitalise(holes)),
        spec('Installation', 'Overflow', mount === 'vessel' ? 'No' : 'Yes'),
        ...generalSpecs(
          place.brand,
          place.collection,
          material === 'cast iron' ? 'Limited lifetime' : 'Limited 5 years',
        ),
      ],
      description: `The ${place.line} ${shape.toLowerCase()} ${mount} bathroom sink is ${width} in wide, made of glazed ${material}, with ${holeWords}. ${mount === 'vessel' ? 'It sits on top of the counter as a statement basin.' : mount === 'undermount' ? 'It mounts below a stone counter for a clean edge.' : mount === 'pedestal' ? 'A pedestal base hides the plumbing in a small bathroom.' : mount === 'wall-mount' ? 'It hangs on the wall and leaves the floor clear.' : 'Its rim rests on the counter for an easy install.'} Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
      finishCodes: colors,
      listUsd: price(rng, lo * factor, hi * factor, place.collection?.tier ?? 1),
      freight: material === 'cast iron',
    });
  });

type TubInstall = 'alcove' | 'freestanding' | 'drop-in';
const TUB_INSTALL_TITLE: Record<TubInstall, string> = {
  alcove: 'Alcove',
  freestanding: 'Freestanding',
  'drop-in': 'Drop-In',
};

export const bathtubDrafts = (rng: Random): Draft[] =>
  placements(rng, 70, 0.5).map((place, i) => {
    const install = rng.weighted<TubInstall>([
      ['alcove', 45],
      ['freestanding', 35],
      ['drop-in', 20],
    ]);
    const castIron = rng.chance(
      install === 'freestanding' ? 0.45 : install === 'alcove' ? 0.3 : 0.2,
    );
    const material = castIron ? 'cast iron' : 'acrylic';
    const whirlpool = !castIron && install !== 'freestanding' && rng.chance(0.3) ? 'yes' : 'no';
    const length =
      install === 'alcove'
        ? rng.weighted([
            [60, 7],
            [66, 2],
            [72, 1],
          ])
        : rng.pick([60, 66, 72]);
    const width = rng.pick([30, 32, 34, 36]);
    const colors = castIron ? colorFinishes(rng, 1, 5) : colorFinishes(rng, 1, 3, ['BI', 'AL']);
    const drain = install === 'alcove' ? rng.pick(['Left-Hand', 'Right-Hand']) : null;
    const tier = place.collection?.tier ?? 1;
    const [lo, hi] = castIron
      ? install === 'freestanding'
        ? [2500, 5000]
        : [1100, 2400]
      : install === 'freestanding'
        ? [1400, 3800]
        : install === 'drop-in'
          ? [700, 1900]
          : [500, 1400];
    const base = price(rng, lo, hi, tier);
    const kindWord = whirlpool === 'yes' ? 'Whirlpool' : 'Soaking';
    return draft({
      key: `bathtub-${i}`,
      categorySlug: 'bathtubs',
      title: `${place.line} ${length} in x ${width} in ${TUB_INSTALL_TITLE[install]} ${kindWord} Bathtub${drain === null ? '' : ` with ${drain} Drain`}`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { install, length, material, whirlpool },
      specs: [
        spec('Dimensions', 'Length', inches(length)),
        spec('Dimensions', 'Width', inches(width)),
        spec('Dimensions', 'Water depth', inches(rng.pick([14, 15, 16, 18, 20]))),
        spec('Materials', 'Material', castIron ? 'Enameled cast iron' : 'Acrylic'),
        spec('Materials', 'Colors', finishNames(colors)),
        ...(whirlpool === 'yes'
          ? [spec('Performance', 'Jets', `${rng.pick([6, 8, 10])} adjustable whirlpool jets`)]
          : []),
        spec('Installation', 'Installation', TUB_INSTALL_TITLE[install]),
        ...(drain === null ? [] : [spec('Installation', 'Drain location', drain)]),
        spec('Installation', 'Weight', `${castIron ? rng.int(280, 420) : rng.int(70, 140)} lb`),
        ...generalSpecs(
          place.brand,
          place.collection,
          castIron ? 'Limited lifetime' : 'Limited 5 years',
        ),
      ],
      description: `The ${place.line} ${install} ${kindWord.toLowerCase()} bathtub is ${length} in long and ${width} in wide, made of ${castIron ? 'enameled cast iron that holds heat for a long soak' : 'lightweight reinforced acrylic that is warm to the touch'}.${whirlpool === 'yes' ? ' Whirlpool jets massage the back and feet.' : ''}${drain === null ? '' : ` ${drain} drain for a three-wall alcove.`} Ships by freight. Available in ${finishNames(colors)}.${collectionWords(place.collection)}`,
      finishCodes: colors,
      listUsd: whirlpool === 'yes' ? base + 1200 : base,
      freight: true,
    });
  });
