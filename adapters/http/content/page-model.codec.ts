/** io-ts codec of a page model, mirroring core/content/page-model.ts (extra fields are ignored). */
import * as t from 'io-ts';
import type { PageComponent, PageKind, PageModel } from '../../../core/content/page-model';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

export const ContentLinkCodec = t.type({ label: t.string, href: t.string });

export const ContentImageCodec = t.type({
  src: t.string,
  alt: t.string,
  width: t.number,
  height: t.number,
});

const HeroCodec = t.type({
  type: t.literal('hero'),
  title: t.string,
  text: t.string,
  image: nullable(ContentImageCodec),
  cta: nullable(ContentLinkCodec),
});

export const TeaserCodec = t.type({
  type: t.literal('teaser'),
  title: t.string,
  text: t.string,
  image: nullable(ContentImageCodec),
  link: nullable(ContentLinkCodec),
});

const CarouselCodec = t.type({
  type: t.literal('carousel'),
  title: t.string,
  items: t.readonlyArray(TeaserCodec),
});

const TextCodec = t.type({
  type: t.literal('text'),
  title: nullable(t.string),
  paragraphs: t.readonlyArray(t.string),
});

const ProductListCodec = t.type({
  type: t.literal('productList'),
  title: t.string,
  filters: t.readonlyArray(t.string),
  sort: t.string,
  rows: t.number,
  link: nullable(ContentLinkCodec),
});

const LinkListCodec = t.type({
  type: t.literal('linkList'),
  title: t.string,
  links: t.readonlyArray(ContentLinkCodec),
});

const FaqCodec = t.type({
  type: t.literal('faq'),
  title: t.string,
  items: t.readonlyArray(t.type({ question: t.string, answer: t.readonlyArray(t.string) })),
});

export const PageComponentCodec: t.Type<PageComponent, unknown, unknown> = t.recursion(
  'PageComponent',
  () =>
    t.union([
      HeroCodec,
      TeaserCodec,
      CarouselCodec,
      TextCodec,
      ProductListCodec,
      LinkListCodec,
      TabsCodec,
      FaqCodec,
    ]),
);

/** The component types this storefront draws. */
export const KNOWN_COMPONENT_TYPES: ReadonlySet<string> = new Set([
  'hero',
  'teaser',
  'carousel',
  'text',
  'productList',
  'linkList',
  'tabs',
  'faq',
]);

const isUnknownComponent = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  !KNOWN_COMPONENT_TYPES.has((value as { type: string }).type);

/**
 * A list of components where a component of a type this storefront does not know yet (authored
 * for a newer release) is left out instead of failing the whole page; a known type that is
 * malformed still fails.
 */
export const ComponentListCodec: t.Type<readonly PageComponent[], unknown, unknown> = new t.Type<
  readonly PageComponent[],
  unknown,
  unknown
>(
  'ComponentList',
  (u): u is readonly PageComponent[] =>
    Array.isArray(u) && u.every((c) => PageComponentCodec.is(c)),
  (u, context) =>
    Array.isArray(u)
      ? t.readonlyArray(PageComponentCodec).validate(
          u.filter((c) => !isUnknownComponent(c)),
          context,
        )
      : t.failure(u, context, 'components must be a list'),
  (a) => a,
);

const TabsCodec: t.Type<Extract<PageComponent, { type: 'tabs' }>, unknown, unknown> = t.type({
  type: t.literal('tabs'),
  tabs: t.readonlyArray(
    t.type({ name: t.string, title: t.string, components: ComponentListCodec }),
  ),
});

const PAGE_KINDS: readonly PageKind[] = [
  'home',
  'category-landing',
  'content',
  'help',
  'article',
  'literature',
  'press',
  'contact',
  'newsletter',
  'stores',
];

export const PageKindCodec = t.keyof(
  Object.fromEntries(PAGE_KINDS.map((k) => [k, null])) as Record<PageKind, null>,
);

export const PageModelCodec: t.Type<PageModel, unknown, unknown> = t.type({
  path: t.string,
  kind: PageKindCodec,
  title: t.string,
  description: t.string,
  components: ComponentListCodec,
});
