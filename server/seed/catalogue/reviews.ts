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

const PRAISE: Record<string, readonly string[]> = {
  toilets: [
    'It flushes strongly every time and refills quietly.',
    'The comfort height makes a real difference for my parents.',
    'Easy to clean around the base.',
  ],
  'bathroom-sinks': [
    'The glaze is flawless and easy to wipe clean.',
    'It fit our counter cut-out perfectly.',
    'Deep enough that nothing splashes.',
  ],
  'bathroom-faucets': [
    'The handle moves smoothly and the flow is just right.',
    'Installed it myself in under an hour.',
    'Feels solid and heavy, not cheap.',
  ],
  showers: [
    'Great water pressure even at low flow.',
    'The spray settings are easy to switch.',
    'It turned our small shower into a spa.',
  ],
  bathtubs: [
    'Deep, comfortable soak and it keeps the water warm.',
    'The shape fits two kids at bath time.',
    'It is the centrepiece of the room.',
  ],
  vanities: [
    'The soft-close drawers are lovely.',
    'Lots of storage for its size.',
    'Assembly was straightforward.',
  ],
  'mirrors-cabinets': [
    'The lighting is bright and flattering.',
    'Plenty of room inside for everything.',
    'Hung it in twenty minutes.',
  ],
  'bathroom-accessories': [
    'Matches our faucet perfectly.',
    'Sturdy and well anchored.',
    'Small detail that pulls the room together.',
  ],
  'kitchen-sinks': [
    'Big enough for our largest pans.',
    'Quiet when the water hits it.',
    'Cleans up in seconds.',
  ],
  'kitchen-faucets': [
    'The pull-down spray docks firmly every time.',
    'Reaches every corner of the sink.',
    'Easy one-hand control while cooking.',
  ],
  'kitchen-accessories': ['Matches the faucet exactly.', 'Works as described.', 'Easy install.'],
  'service-parts': [
    'Stopped the drip right away.',
    'Exact match for my model number.',
    'Saved me a plumber visit.',
  ],
  'design-services': [
    'The designer listened and had great ideas.',
    'The 3D plan made decisions so much easier.',
    'Worth it before spending on a remodel.',
  ],
  'install-services': [
    'The installer was on time and tidy.',
    'Professional work, no leaks.',
    'Booking was easy and the price was clear.',
  ],
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
    const praise = PRAISE[target.categorySlug] ?? PRAISE['kitchen-accessories'] ?? [];
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
