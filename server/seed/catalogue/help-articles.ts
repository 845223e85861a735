/** Help and FAQ articles (plain-text paragraphs) for /en/support/articles/{slug}. */
import type { HelpArticleRecord } from './model';

export const HELP_ARTICLES: readonly HelpArticleRecord[] = [
  {
    slug: 'find-your-model-number',
    title: 'How do I find my model number?',
    category: 'Products',
    paragraphs: [
      'Every Lavabo product has a model number: four or five digits, sometimes followed by a two-letter finish or color code, for example 4120-BL.',
      'On a toilet, look inside the tank on the back wall or under the lid. On a faucet, check the underside of the spout or the tag on the supply lines under the sink. On a shower valve, the number is on the valve body behind the trim plate.',
      'You can also find the model number on the box, on your receipt and on the first page of the installation guide. Search it on our site to see the product and the service parts that fit it.',
    ],
  },
  {
    slug: 'replace-a-faucet-cartridge',
    title: 'Replacing a faucet cartridge',
    category: 'Installation',
    paragraphs: [
      'A dripping spout or a stiff handle usually means the cartridge is worn. Search your faucet model number to find the matching cartridge under Service Parts.',
      'Turn off the water under the sink, open the faucet to release pressure, remove the handle with a hex key and unscrew the bonnet nut. Pull the old cartridge straight out and note which way it faces.',
      'Push the new cartridge in the same way, refit the nut and handle, and turn the water back on slowly.',
    ],
  },
  {
    slug: 'fix-a-running-toilet',
    title: 'Fixing a running toilet',
    category: 'Installation',
    paragraphs: [
      'A toilet that keeps running wastes up to 200 gallons a day. The cause is almost always the flush valve seal or the fill valve.',
      'Put a few drops of food coloring in the tank and wait 15 minutes without flushing. If color appears in the bowl, replace the flush valve seal. If the water level rises into the overflow tube, adjust or replace the fill valve.',
      'Both parts are listed under Service Parts with the toilet models they fit.',
    ],
  },
  {
    slug: 'measure-toilet-rough-in',
    title: 'Measuring a toilet rough-in',
    category: 'Products',
    paragraphs: [
      'The rough-in is the distance from the finished wall to the center of the floor drain. Measure from the wall, not the baseboard, to the center of the bolts that hold the toilet down.',
      'Most homes have a 12 in rough-in. Older homes may have 10 in or 14 in; choose a toilet with the matching rough-in so it sits tight to the wall.',
    ],
  },
  {
    slug: 'round-or-elongated-toilet',
    title: 'Round or elongated: choosing a toilet bowl',
    category: 'Products',
    paragraphs: [
      'Round-front bowls are about 2 in shorter and suit small bathrooms and powder rooms. Elongated bowls are more comfortable for most adults.',
      'Comfort height toilets put the rim about 17 in from the floor, the height of a chair, which makes sitting and standing easier.',
    ],
  },
  {
    slug: 'which-faucet-fits-my-sink',
    title: 'Which faucet fits my sink?',
    category: 'Products',
    paragraphs: [
      'Count the holes in your sink or counter. One hole takes a single-hole faucet. Three holes 4 in apart take a centerset faucet; three holes 8 in apart take a widespread faucet.',
      'A vessel sink needs a tall single-hole faucet or a wall-mount faucet. Many single-hole faucets come with a deck plate that covers three holes.',
    ],
  },
  {
    slug: 'flow-rates-and-watersense',
    title: 'Flow rates, gpm and WaterSense',
    category: 'Products',
    paragraphs: [
      'Flow rate is measured in gallons per minute (gpm). Bathroom faucets flow at 1.0 to 1.2 gpm, kitchen faucets at 1.5 to 1.8 gpm and showerheads at 1.5 to 2.5 gpm.',
      'WaterSense certified products use at least 20 percent less water without losing performance. Some states limit showerheads to 2.0 gpm or less, and we cannot ship higher-flow showerheads there.',
    ],
  },
  {
    slug: 'caring-for-your-finish',
    title: 'Caring for your finish',
    category: 'Products',
    paragraphs: [
      'Wipe faucets, showerheads and accessories with a soft damp cloth and dry them. Never use abrasive pads, bleach or cleaners with ammonia.',
      'Matte Black and Brushed Brass finishes show water spots less when dried after use. Oil-Rubbed Bronze is a living finish that darkens gently over time.',
    ],
  },
  {
    slug: 'shipping-times-and-costs',
    title: 'Shipping times and costs',
    category: 'Shipping',
    paragraphs: [
      'Items in stock ship within two business days. Standard shipping takes 3 to 7 business days and is free on orders over the free-shipping threshold shown in your cart.',
      'Expedited shipping takes 1 to 3 business days. Your cart shows the estimated shipping cost before you pay.',
    ],
  },
  {
    slug: 'freight-delivery',
    title: 'Freight delivery of tubs and cast-iron sinks',
    category: 'Shipping',
    paragraphs: [
      'Bathtubs, cast-iron sinks and large vanities ship by freight on a pallet. The carrier calls you to book a delivery window.',
      'Deliveries are curbside. Inspect the item before signing, and note any damage on the delivery receipt.',
    ],
  },
  {
    slug: 'shipping-restrictions-by-state',
    title: 'Why an item cannot ship to my state',
    category: 'Shipping',
    paragraphs: [
      'Some states set lower limits on water use, and some heavy freight items cannot reach Alaska or Hawaii. When an item cannot ship to your address, your cart tells you before checkout.',
      'Remove the item or choose a model that is sold in your state; the product page lists the states it cannot ship to.',
    ],
  },
  {
    slug: 'back-orders-and-lead-times',
    title: 'Back orders and lead times',
    category: 'Orders',
    paragraphs: [
      'When a finish is out of stock but can be back-ordered, the product page shows the lead time: the number of days until it ships.',
      'You can order back-ordered items now. We charge your card when the item ships, and we e-mail you if the date changes.',
    ],
  },
  {
    slug: 'track-your-order',
    title: 'Tracking your order',
    category: 'Orders',
    paragraphs: [
      'Signed-in customers find every order under Account, Orders. Guests can look up an order on the order status page with the order number and e-mail address.',
      'When your order ships we e-mail a tracking number for each package.',
    ],
  },
  {
    slug: 'change-or-cancel-an-order',
    title: 'Changing or cancelling an order',
    category: 'Orders',
    paragraphs: [
      'Orders can be changed or cancelled until they are prepared for shipping, usually within two hours. Contact customer care with your order number.',
      'Once an order has shipped, you can return unused items instead.',
    ],
  },
  {
    slug: 'sale-prices-and-promotions',
    title: 'Sale prices and promo codes',
    category: 'Orders',
    paragraphs: [
      'Sale prices are shown beside the original price on product pages and in your cart. Promo codes are entered in the cart summary.',
      'Only one promo code can apply to an order unless the offer says otherwise. Sale prices and codes do not apply to orders already placed.',
    ],
  },
  {
    slug: 'return-policy',
    title: 'Our return policy',
    category: 'Returns',
    paragraphs: [
      'Unused items in their original packaging can be returned within 30 days of delivery for a full refund to the original payment method.',
      'Installed products, special orders and service parts that have been used cannot be returned, but they are covered by the warranty.',
    ],
  },
  {
    slug: 'start-a-return',
    title: 'Starting a return',
    category: 'Returns',
    paragraphs: [
      'Contact customer care with your order number and the items you want to return. We e-mail a prepaid return label for parcel items and book a pickup for freight items.',
      'Refunds are issued within five business days after the return arrives.',
    ],
  },
  {
    slug: 'warranty-coverage',
    title: 'Warranty coverage',
    category: 'Products',
    paragraphs: [
      'Most faucets and showers carry a limited lifetime warranty on function and finish for the original buyer. Vitreous china is covered for life; parts for one year.',
      'The warranty document for every product is on its product page under Documents. Register your product so we can help faster.',
    ],
  },
  {
    slug: 'register-your-product',
    title: 'Registering your product',
    category: 'Account',
    paragraphs: [
      'Register a product online with its model number and date of purchase, or register a product bought in a store with a copy of the receipt.',
      'Registered products appear under My Products in your account, with their documents and service parts.',
    ],
  },
  {
    slug: 'create-an-account',
    title: 'Creating an account',
    category: 'Account',
    paragraphs: [
      'An account keeps your orders, saved addresses, favorites and registered products in one place. Homeowners and trade professionals can both sign up.',
      'Your cart is kept when you sign in, so you can start shopping as a guest.',
    ],
  },
  {
    slug: 'reset-your-password',
    title: 'Resetting your password',
    category: 'Account',
    paragraphs: [
      'Choose Sign in, then Forgot password, and enter your e-mail address. We send a code that is valid for 15 minutes.',
      'Passwords need at least 8 characters with an upper-case letter, a lower-case letter and a number.',
    ],
  },
  {
    slug: 'design-and-install-services',
    title: 'How design and install services work',
    category: 'Installation',
    paragraphs: [
      'Add a design or install service to your cart like any product. After checkout we call you within two business days to book a time.',
      'Installers are licensed and insured, and their work is guaranteed for one year.',
    ],
  },
];
