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

const TabsCodec: t.Type<Extract<PageComponent, { type: 'tabs' }>, unknown, unknown> = t.type({
  type: t.literal('tabs'),
  tabs: t.readonlyArray(
    t.type({ name: t.string, title: t.string, components: t.readonlyArray(PageComponentCodec) }),
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
  components: t.readonlyArray(PageComponentCodec),
});
