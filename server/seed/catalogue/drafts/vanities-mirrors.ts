/** Drafts for vanities and for mirrors and medicine cabinets. */
import type { Random } from '../prng';
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
  withArticle,
} from './common';

export const vanityDrafts = (rng: Random): Draft[] =>
  placements(rng, 70, 0.6).map((place, i) => {
    const width = rng.weighted([
      [24, 2],
      [30, 3],
      [36, 3],
      [48, 2],
      [60, 2],
      [72, 1],
    ]);
    const sinks = width >= 60 ? (rng.chance(0.8) ? 2 : 1) : width === 48 && rng.chance(0.2) ? 2 : 1;
    const material = rng.weighted([
      ['solid wood', 4],
      ['engineered wood', 4],
      ['plywood', 2],
    ]);
    const style = rng.pick(['Floating', 'Freestanding', 'Furniture-Style', 'Shaker']);
    const top = rng.pick(['Quartz', 'Marble', 'Vitreous China', 'Solid Surface']);
    const colors = colorFinishes(rng, 1, 4, ['GR', 'BK', 'BI']);
    const doors = sinks === 2 ? 4 : width <= 30 ? 1 : 2;
    const drawers = width >= 36 ? rng.int(2, 4) : rng.int(0, 1);
    return draft({
      key: `vanity-${i}`,
      categorySlug: 'vanities',
      title: `${place.line} ${width} in ${style} ${sinks === 2 ? 'Double' : 'Single'} Bathroom Vanity with ${top} Top`,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { width, sinks, material },
      specs: [
        spec('Dimensions', 'Width', inches(width)),
        spec('Dimensions', 'Depth', inches(rng.pick([18, 21, 22]))),
        spec('Dimensions', 'Height', inches(style === 'Floating' ? 21 : 34.5)),
        spec(
          'Materials',
          'Cabinet',
          material === 'solid wood'
            ? 'Solid wood'
            : material === 'plywood'
              ? 'Plywood'
              : 'Engineered wood',
        ),
        spec('Materials', 'Top', top),
        spec('Materials', 'Cabinet colors', finishNames(colors)),
        spec('Installation', 'Sinks', String(sinks)),
        spec(
          'Installation',
          'Doors and drawers',
          `${doors} ${doors === 1 ? 'door' : 'doors'}, ${drawers} ${drawers === 1 ? 'drawer' : 'drawers'}`,
        ),
        spec('Installation', 'Mount', style === 'Floating' ? 'Wall-hung' : 'Floor-standing'),
        ...generalSpecs(place.brand, place.collection, 'Limited 5 years'),
      ],
      description: `The ${place.line} ${style.toLowerCase()} bathroom vanity is ${width} in wide with ${sinks === 2 ? 'two undermount sinks' : 'one undermount sink'} set into ${withArticle(top.toLowerCase())} top. ${material === 'solid wood' ? 'Solid wood' : material === 'plywood' ? 'Plywood' : 'Engineered wood'} cabinet with ${doors} soft-close ${doors === 1 ? 'door' : 'doors'}${drawers > 0 ? ` and ${drawers} soft-close ${drawers === 1 ? 'drawer' : 'drawers'}` : ''}. Faucet sold separately. Cabinet painted in ${finishNames(colors)}.${collectionWords(place.collection)}`,
      finishCodes: colors,
      listUsd: price(rng, 300 + width * 8, 500 + width * 34, place.collection?.tier ?? 1),
      freight: width >= 48,
    });
  });

export const mirrorDrafts = (rng: Random): Draft[] =>
  placements(rng, 60, 0.6).map((place, i) => {
    const cabinet = rng.chance(0.4);
    const lighted = rng.chance(0.35) ? 'yes' : 'no';
    const width = rng.pick([20, 24, 30, 36, 48]);
    const height = cabinet ? rng.pick([26, 30, 36]) : rng.pick([28, 32, 36, 40]);
    const shape = cabinet ? 'Rectangular' : rng.pick(['Rectangular', 'Round', 'Arched', 'Oval']);
    const framed = !cabinet && lighted === 'no';
    const finishes = framed ? metalFinishes(rng, place.collection, 2, 4) : ['NA'];
    const type = cabinet ? 'medicine cabinet' : 'mirror';
    const tier = place.collection?.tier ?? 1;
    const title = cabinet
      ? `${place.line} ${width} in${lighted === 'yes' ? ' Lighted' : ''} Medicine Cabinet with ${width >= 30 ? 'Two Mirrored Doors' : 'Mirrored Door'}`
      : `${place.line} ${width} in${lighted === 'yes' ? ' Lighted' : ''} ${shape} ${framed ? 'Framed ' : ''}Mirror`;
    const base = cabinet ? price(rng, 150, 800, tier) : price(rng, 80, 560, tier);
    return draft({
      key: `mirror-${i}`,
      categorySlug: 'mirrors-cabinets',
      title,
      collection: place.collection,
      brand: place.brand,
      kind: 'finished-good',
      attributes: { type, lighted, width },
      specs: [
        spec('Dimensions', 'Width', inches(width)),
        spec('Dimensions', 'Height', inches(height)),
        ...(cabinet ? [spec('Dimensions', 'Depth', inches(5))] : []),
        spec('Materials', 'Glass', '5 mm copper-free silver mirror'),
        spec(
          'Materials',
          framed ? 'Frame finishes' : 'Frame',
          framed ? finishNames(finishes) : 'Frameless, polished edge',
        ),
        ...(lighted === 'yes'
          ? [
              spec('Performance', 'Lighting', 'Dimmable LED, 2700 K to 5000 K'),
              spec('Installation', 'Electrical', 'Hardwired, 120 V'),
            ]
          : []),
        spec(
          'Installation',
          'Mount',
          cabinet ? rng.pick(['Recessed or surface', 'Surface']) : 'Wall, French cleat',
        ),
        ...generalSpecs(place.brand, place.collection, 'Limited 5 years'),
      ],
      description: cabinet
        ? `The ${place.line} medicine cabinet is ${width} in wide and ${height} in tall with mirrored doors inside and out and adjustable glass shelves.${lighted === 'yes' ? ' Dimmable LED lighting around the mirror, hardwired.' : ''} Recess it into the wall or mount it on the surface.${collectionWords(place.collection)}`
        : `The ${place.line} ${shape.toLowerCase()} mirror is ${width} in wide and ${height} in tall${framed ? `, with a slim metal frame in ${finishNames(finishes)}` : ', frameless with a polished edge'}.${lighted === 'yes' ? ' Built-in dimmable LED lighting with adjustable color temperature and an anti-fog pad.' : ''} Hangs on a French cleat over a vanity.${collectionWords(place.collection)}`,
      finishCodes: finishes,
      listUsd: lighted === 'yes' ? base + (cabinet ? 300 : 250) : base,
    });
  });
