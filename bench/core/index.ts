/**
 * Prints how long the hot core rules take on this machine: deriving a 200-line cart and its
 * summary, pricing a 20-line cart as every add-to-cart does (quoteCart), and validating 10,000
 * mixed inputs. Figures only (median and p95 over repeated runs);
 * never a timed test. Run: npm run bench:core
 */
import { performance } from 'node:perf_hooks';
import type { Cart, CartLineItem } from '../../core/cart/cart';
import { summarizeCart } from '../../core/cart/summary';
import { PROMOTIONS, quoteCart, type CartState, type ItemFacts } from '../../core/cart';
import { isEmail } from '../../core/validation/email';
import { validateSignUpPassword } from '../../core/validation/password';
import { isPhone } from '../../core/validation/phone';
import { isSafeLink } from '../../core/validation/safe-link';
import { isSafeText } from '../../core/validation/text';

/** A small deterministic PRNG so every run measures the same inputs. */
const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const random = mulberry32(2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const line = (i: number): CartLineItem => {
  const value = 500 + Math.floor(random() * 150_000);
  const discounted = random() < 0.3 ? Math.floor(value * 0.85) : undefined;
  return {
    id: `line-${i}`,
    sku: `K-${4000 + i}-${pick(['CP', 'BN', 'BL', 'BB'])}`,
    quantity: 1 + Math.floor(random() * 4),
    addedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    productSlug: { 'en-US': `product-${i}` },
    name: { 'en-US': `Product ${i}` },
    price: discounted === undefined ? { value } : { value, discountedValue: discounted },
    ...(discounted === undefined ? {} : { discountedPrice: discounted }),
    ...(i % 10 === 3 ? { bundleParentId: `line-${i - 1}` } : {}),
    discounts:
      discounted === undefined
        ? []
        : [
            {
              id: `d-${i}`,
              kind: 'sitewide',
              value: { type: 'relative', percent: 15 },
              amount: value - discounted,
            },
          ],
    availableQty: Math.floor(random() * 20),
    backorderable: random() < 0.1,
    noShipping: random() < 0.05,
    isService: false,
    category: pick(['kitchen-faucets', 'toilets', 'showers', 'bathroom-sinks']),
    isComboSku: false,
  };
};

const cart: Cart = {
  id: 'bench-cart',
  version: 1,
  currency: 'USD',
  lineItems: Array.from({ length: 200 }, (_, i) => line(i)),
  totalTax: 123_456,
  discountCodes: [{ id: 'c1', code: 'SHIPFREE', target: 'shipping', shippingDiscount: 2_500 }],
  shippingCost: 4_900,
  freightDiscount: 0,
};

/** The add-to-cart bench's cart: 20 lines, some on sale, some with a lead time (bench/api). */
const NOW = '2026-11-26T12:00:00.000Z';
const catalogue = new Map<string, ItemFacts>();
const quoted: CartState = {
  id: 'bench-quote',
  version: 21,
  currency: 'USD',
  cartType: 'FG',
  lines: Array.from({ length: 20 }, (_, i) => {
    const sku = `K-${4000 + i}-BN`;
    catalogue.set(sku, {
      sku,
      productSku: `K-${4000 + i}`,
      finishCode: 'BN',
      title: `Product ${i}`,
      slug: `product-${i}`,
      description: 'A faucet with a long description, as the catalogue has. '.repeat(6),
      categorySlug: 'kitchen-faucets',
      categoryName: 'Kitchen faucets',
      department: 'kitchen',
      brand: 'Lavabo',
      color: 'Brushed nickel',
      image: `/images/${sku}.svg`,
      kind: 'finished-good',
      listCents: 10_000 + i * 1_000,
      saleCents: i % 3 === 0 ? 8_000 + i * 500 : null,
      availableQty: 100,
      backorderable: false,
      leadTimeDays: i % 4 === 0 ? 5 : null,
      freight: false,
      noShipStates: [],
      superSkuComponents: [],
      requiredItems: [],
    });
    return {
      id: `line-${i}`,
      sku,
      quantity: 1 + (i % 4),
      addedAt: NOW,
      lineItemShipping: { salesChannel: 'KOUS', ...(i % 2 === 0 ? { roomInfo: 'Kitchen' } : {}) },
    };
  }),
  discountCodeIds: [],
};
const quoteEnv = { catalogue, discounts: PROMOTIONS, now: NOW };

const inputs = Array.from({ length: 10_000 }, (_, i) => {
  switch (i % 5) {
    case 0:
      return () =>
        isEmail(
          pick([
            'ana@lavabo.test',
            '.bad@x.com',
            'pro+trade@example.co.uk',
            'no-at-sign',
            `u${i}@d.io`,
          ]),
        );
    case 1:
      return () =>
        validateSignUpPassword(
          pick(['Lavabo-Demo-2026!', 'short', 'NoDigitsHere!!', `Aa1!${'x'.repeat(i % 20)}`]),
        );
    case 2:
      return () => isPhone(pick(['(555) 123-4567', '555-1234', '+44 20 7946 0958', 'call me']));
    case 3:
      return () =>
        isSafeLink(
          pick([
            'https://lavabo.test/en',
            'javascript:alert(1)',
            '/en/cart',
            ' JaVaScRiPt:x',
            'data:image/png;base64,AAAA',
          ]),
        );
    default:
      return () => isSafeText(pick(["Ann O'Neil", 'Kitchen, sink', '<script>', 'Zoë-Ann']));
  }
});

const measure = (name: string, run: () => void, repeats: number) => {
  for (let i = 0; i < 5; i++) run(); // warm up the JIT
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(3);
  console.log(`  ${name.padEnd(44)} median ${at(0.5)} ms   p95 ${at(0.95)} ms   (${repeats} runs)`);
};

console.log('Lavabo core rules');
let sink = 0;
measure(
  'derive + summarise a 200-line cart',
  () => {
    sink += summarizeCart(cart).estimatedTotal;
  },
  200,
);
measure(
  'price a 20-line cart (quoteCart, 100 times)',
  () => {
    for (let i = 0; i < 100; i++) sink += quoteCart(quoted, quoteEnv).cart.lineItems.length;
  },
  200,
);
measure(
  'validate 10,000 mixed inputs',
  () => {
    for (const check of inputs) sink += check() ? 1 : 0;
  },
  50,
);
if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keep the work observable
