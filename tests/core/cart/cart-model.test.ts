import fc from 'fast-check';
import { describe, it } from 'vitest';
import {
  AddItemCommand,
  ApplyCodeCommand,
  ChangeQuantityCommand,
  DeleteCartCommand,
  MergeGuestCartCommand,
  OtherTabWriteCommand,
  OTHER_TAB_SKU,
  PickActiveCartCommand,
  RacingAddCommand,
  RemoveCodeCommand,
  RemoveLineCommand,
  ShareCartCommand,
  type CartModel,
} from './cart-commands';
import { InMemoryCartGateway } from './in-memory-cart-gateway';
import { CART_TYPE, makeSystem } from './support';

/** Our SKUs: a sale item and a freight item exercise discounts and the freight discount. */
const sku = fc.constantFrom('K-4120-BL', 'K-2210-WH', 'K-TUB-60', 'K-7000-SALE', '3345');
const GUEST_LINES = new Map([
  ['K-GUEST-1', 2],
  ['K-4120-BL', 1],
]);

const commands = fc.commands(
  [
    fc.tuple(sku, fc.integer({ min: 1, max: 4 })).map(([s, q]) => new AddItemCommand(s, q)),
    fc
      .tuple(fc.nat(), fc.integer({ min: 0, max: 4 }))
      .map(([p, q]) => new ChangeQuantityCommand(p, q)),
    fc.nat().map((p) => new RemoveLineCommand(p)),
    fc.constantFrom('SAVE10', 'VIP25', 'FREESHIP', 'BOGUS').map((c) => new ApplyCodeCommand(c)),
    fc.nat().map((p) => new RemoveCodeCommand(p)),
    fc.constant(new DeleteCartCommand()),
    fc.constantFrom(OTHER_TAB_SKU, 'K-4120-BL').map((s) => new OtherTabWriteCommand(s)),
    fc
      .tuple(fc.constantFrom(1 as const, 2 as const), sku)
      .map(([n, s]) => new RacingAddCommand(n, s)),
    fc.constant(new PickActiveCartCommand()),
    fc.constant(new MergeGuestCartCommand()),
    fc.constant(new ShareCartCommand()),
  ],
  { maxCommands: 40 },
);

describe('cart use cases against a versioned server (model-based)', () => {
  it('lose no update, apply none twice, and only ever raise versions', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const setup = () => {
          const gateway = new InMemoryCartGateway(CART_TYPE);
          // Another cart type the shopper also has (e.g. an associate's): never picked.
          gateway.seedCart({ cartType: 'associate', lines: [{ sku: 'K-ISC-1', quantity: 1 }] });
          gateway.seedCart({
            cartType: CART_TYPE,
            anonymousId: 'anon-guest',
            lines: [...GUEST_LINES].map(([s, quantity]) => ({ sku: s, quantity })),
          });
          const real = makeSystem({ gateway, anonymousId: 'anon-guest', email: 'Pat@Example.com' });
          const model: CartModel = { cart: null, guestPending: true, guestLines: GUEST_LINES };
          return { model, real };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 150 },
    );
  });
});
