/** Shopper reviews: a few hundred, written from templates, spread over the products shoppers buy most. */
import { isoDateTime } from './dates';
import type { ReviewRecord } from './model';
import type { Random } from './prng';

const FIRST_NAMES = [
  'Maria',
  'James',
  'Priya',
  'Daniel',
  'Aisha',
  'Tom',
  'Elena',
  'Marcus',
  'Hannah',
  'Luis',
  'Grace',
  'Omar',
  'Sophie',
  'Ken',
  'Rachel',
  'Diego',
  'Nora',
  'Sam',
  'Ines',
  'Victor',
  'Chloe',
  'Ben',
  'Fatima',
  'Peter',
  'Yuki',
  'Carlos',
  'Megan',
  'Ravi',
  'Laura',
  'Owen',
  'Tess',
  'Andre',
  'Julia',
  'Hugo',
  'Amara',
  'Noah',
  'Lena',
  'Ivan',
  'Zoe',
  'Frank',
];
const INITIALS = 'ABCDEFGHJKLMNPRSTVW';

const TITLES: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Love it',
    'Beautiful and well made',
    'Worth every penny',
    'Exactly what we wanted',
    'Perfect upgrade',
    'Five stars',
  ],
  4: ['Very happy', 'Great value', 'Looks great', 'Solid choice', 'Would buy again'],
  3: ['Good, not great', 'Does the job', 'Mixed feelings', 'Okay for the price'],
  2: ['Disappointed', 'Not as pictured', 'Had problems'],
  1: ['Would not buy again', 'Returned it', 'Poor quality'],
};

type Attributes = Readonly<Record<string, string | number | boolean>>;

const handleWords = (a: Attributes): string =>
  a['handles'] === 2
    ? 'The two handles make it easy to set the temperature.'
    : 'Easy one-hand control while cooking.';

const sprayWords = (a: Attributes): string =>
  a['sprays'] === 1
    ? 'One strong, even spray is all we need.'
    : 'The spray settings are easy to switch.';

const heightWords = (a: Attributes): string =>
  a['height'] === 'comfort'
    ? 'The comfort height makes a real difference for my parents.'
    : 'A good standard height for the whole family.';

/**
 * What a happy shopper says about a product, from its category and its own attributes (type,
 * handles, mount, sprays, height): a pot filler is never praised for reaching "every corner of the
 * sink", a standard-height toilet never for its comfort height (issue 12). Always three sentences,
 * so the seed draws the same numbers whatever the product.
 */
const praiseFor = (categorySlug: string, a: Attributes): readonly [string, string, string] => {
  const type = a['type'];
  switch (categorySlug) {
    case 'toilets':
      if (type === 'bowl') {
        return [
          'The glaze is smooth and easy to clean.',
          'Lined up with the matching tank perfectly.',
          heightWords(a),
        ];
      }
      if (type === 'tank') {
        return [
          'It flushes strongly every time and refills quietly.',
          'Lined up with the matching bowl perfectly.',
          'The trip lever feels solid.',
        ];
      }
      return [
        'It flushes strongly every time and refills quietly.',
        heightWords(a),
        'Easy to clean around the base.',
      ];
    case 'bathroom-sinks':
      return [
        'The glaze is flawless and easy to wipe clean.',
        a['mount'] === 'vessel'
          ? 'It sits beautifully on our counter.'
          : a['mount'] === 'pedestal'
            ? 'The pedestal hides the pipes nicely.'
            : a['mount'] === 'wall-mount'
              ? 'It hangs solidly on the wall and frees up the floor.'
              : 'It fit our counter cut-out perfectly.',
        'Deep enough that nothing splashes.',
      ];
    case 'bathroom-faucets':
      return [
        a['handles'] === 2
          ? 'Both handles move smoothly and the flow is just right.'
          : 'The handle moves smoothly and the flow is just right.',
        'Installed it myself in under an hour.',
        'Feels solid and heavy, not cheap.',
      ];
    case 'showers':
      switch (type) {
        case 'valve':
          return [
            'Went in cleanly behind the wall.',
            'The water temperature stays steady.',
            'Solid brass body with good connections.',
          ];
        case 'valve trim':
          return [
            'The handle turns smoothly.',
            'Fit our valve perfectly.',
            'The plate covers the old opening neatly.',
          ];
        case 'body spray':
          return [
            'Adds a great massage to the shower.',
            'The angle is easy to adjust.',
            'Looks neat on the wall.',
          ];
        default:
          return [
            'Great water pressure even at low flow.',
            sprayWords(a),
            'It turned our small shower into a spa.',
          ];
      }
    case 'bathtubs':
      return [
        'Deep, comfortable soak and it keeps the water warm.',
        'The shape fits two kids at bath time.',
        'It is the centerpiece of the room.',
      ];
    case 'vanities':
      return [
        'The soft-close doors are lovely.',
        'Lots of storage for its size.',
        'Assembly was straightforward.',
      ];
    case 'mirrors-cabinets':
      return [
        a['lighted'] === 'yes'
          ? 'The lighting is bright and flattering.'
          : 'The glass is clear and the edge is perfect.',
        'Looks great above our vanity.',
        'Hung it in twenty minutes.',
      ];
    case 'bathroom-accessories':
      return [
        'Matches our faucet perfectly.',
        'Sturdy and well anchored.',
        'Small detail that pulls the room together.',
      ];
    case 'kitchen-sinks':
      return [
        'Big enough for our largest pans.',
        'Quiet when the water hits it.',
        'Cleans up in seconds.',
      ];
    case 'kitchen-faucets':
      switch (type) {
        case 'pot filler':
          return [
            'Filling the stockpot at the range saves so many trips.',
            'The arm folds flat against the wall.',
            'Both handles turn smoothly and it never drips.',
          ];
        case 'bar':
          return [
            'Just the right size for our prep sink.',
            'Rinsing glasses at the bar is so easy now.',
            handleWords(a),
          ];
        case 'pull-out':
          return [
            'The pull-out spray reaches the far side of the sink.',
            'The hose glides back smoothly.',
            handleWords(a),
          ];
        case 'touchless':
          return [
            'The touchless sensor is a lifesaver with messy hands.',
            'The pull-down spray docks firmly every time.',
            'The batteries have lasted for months.',
          ];
        default:
          return [
            'The pull-down spray docks firmly every time.',
            'Reaches every corner of the sink.',
            handleWords(a),
          ];
      }
    case 'kitchen-accessories':
      return type === 'water filter'
        ? [
            'The water tastes so much better.',
            'Changing the filter takes a minute.',
            'Fits easily under the sink.',
          ]
        : ['Matches the faucet exactly.', 'Works as described.', 'Easy install.'];
    case 'service-parts':
      return [
        'Fixed the problem right away.',
        'Exact match for my model number.',
        'Saved me a plumber visit.',
      ];
    case 'design-services':
      return [
        'The designer listened and had great ideas.',
        'The 3D plan made decisions so much easier.',
        'Worth it before spending on a remodel.',
      ];
    case 'install-services':
      return [
        'The installer was on time and tidy.',
        'Professional work, no leaks.',
        'Booking was easy and the price was clear.',
      ];
    default:
      return ['Works as described.', 'Good value.', 'Easy install.'];
  }
};

const COMPLAINTS: readonly string[] = [
  'Delivery took longer than promised.',
  'The instructions could be clearer.',
  'It arrived with a small scratch and support had to send a replacement.',
  'The color is a little different from the picture.',
  'Installation needed an extra part that was not included.',
  'It feels lighter than I expected for the price.',
];

const CLOSING: Record<'good' | 'mixed' | 'bad', readonly string[]> = {
  good: ['Highly recommend.', 'We are ordering a second one.', 'Very pleased overall.', ''],
  mixed: ['It is fine for now.', 'Not sure I would buy it again.', ''],
  bad: ['I expected better.', 'Contacted support twice.', ''],
};

export interface ReviewTarget {
  readonly sku: string;
  readonly categorySlug: string;
  /** The product's attributes (type, handles, mount…): the praise speaks of this product. */
  readonly attributes: Attributes;
  readonly launchDay: number;
  /** Names of the product's finishes, for the odd comment about the finish. */
  readonly finishNames: readonly string[];
  /** Shoppers' liking of the product, about 3–5: reviews scatter around it. */
  readonly quality: number;
}

const clampRating = (value: number): 1 | 2 | 3 | 4 | 5 =>
  Math.min(5, Math.max(1, Math.round(value))) as 1 | 2 | 3 | 4 | 5;

/** The reviews of one product, `count` of them, numbered from `firstId`. */
export const writeReviews = (
  rng: Random,
  target: ReviewTarget,
  count: number,
  firstId: number,
  lastDay: number,
): ReviewRecord[] =>
  Array.from({ length: count }, (_, i) => {
    const rating = clampRating(target.quality + rng.between(-1.6, 1.2));
    const mood = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad';
    const praise = praiseFor(target.categorySlug, target.attributes);
    const parts = [
      rating >= 3 ? rng.pick(praise) : rng.pick(COMPLAINTS),
      rating <= 3 ? rng.pick(COMPLAINTS) : '',
      target.finishNames.length > 0 && rng.chance(0.4)
        ? `The ${rng.pick(target.finishNames)} finish ${rating >= 4 ? 'looks even better in person' : 'shows water spots more than I expected'}.`
        : '',
      rng.pick(CLOSING[mood]),
    ].filter((part) => part !== '');
    const first = Math.min(target.launchDay + 7, lastDay - 1);
    const day = rng.int(first, lastDay - 1);
    return {
      id: `R-${String(firstId + i).padStart(5, '0')}`,
      sku: target.sku,
      author: `${rng.pick(FIRST_NAMES)} ${rng.pick([...INITIALS])}.`,
      rating,
      title: rng.pick(TITLES[rating]),
      body: parts.join(' '),
      createdAt: isoDateTime(day, rng.int(7 * 60, 22 * 60)),
      verifiedPurchase: rng.chance(0.8),
    };
  });

/** Average rating with one decimal; 0 with no reviews. */
export const averageRating = (ratings: readonly number[]): number =>
  ratings.length === 0
    ? 0
    : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
