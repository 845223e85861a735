/**
 * Content-managed pages (spec §2): the home page, category landings and content pages are
 * assembled from models of these components. No component carries HTML: text is plain strings,
 * rendered escaped; links are checked with the safe-link rule before they are rendered.
 */

export interface ContentLink {
  readonly label: string;
  /** A relative path or an http(s)/mailto/tel URL; anything else is dropped (core/validation/safe-link). */
  readonly href: string;
}

export interface ContentImage {
  readonly src: string;
  /** Empty for a decorative image. */
  readonly alt: string;
  readonly width: number;
  readonly height: number;
}

export interface HeroComponent {
  readonly type: 'hero';
  readonly title: string;
  readonly text: string;
  readonly image: ContentImage | null;
  readonly cta: ContentLink | null;
}

export interface TeaserComponent {
  readonly type: 'teaser';
  readonly title: string;
  readonly text: string;
  readonly image: ContentImage | null;
  readonly link: ContentLink | null;
}

export interface CarouselComponent {
  readonly type: 'carousel';
  readonly title: string;
  readonly items: readonly TeaserComponent[];
}

export interface TextComponent {
  readonly type: 'text';
  readonly title: string | null;
  readonly paragraphs: readonly string[];
}

/** A list of products chosen by a query; previews show at most 3 (spec §9). */
export interface ProductListComponent {
  readonly type: 'productList';
  readonly title: string;
  /** Solr-style filters, e.g. ['category_s:kitchen-faucets', 'onSale_b:true']. */
  readonly filters: readonly string[];
  readonly sort: string;
  readonly rows: number;
  readonly link: ContentLink | null;
}

export interface LinkListComponent {
  readonly type: 'linkList';
  readonly title: string;
  readonly links: readonly ContentLink[];
}

export interface TabsComponent {
  readonly type: 'tabs';
  readonly tabs: readonly {
    /** Tab name as used in ?tab= (spec: inspiration, technical, resources, help need no grid icon). */
    readonly name: string;
    readonly title: string;
    readonly components: readonly PageComponent[];
  }[];
}

export interface FaqComponent {
  readonly type: 'faq';
  readonly title: string;
  readonly items: readonly { readonly question: string; readonly answer: readonly string[] }[];
}

export type PageComponent =
  | HeroComponent
  | TeaserComponent
  | CarouselComponent
  | TextComponent
  | ProductListComponent
  | LinkListComponent
  | TabsComponent
  | FaqComponent;

export type PageKind =
  | 'home'
  | 'category-landing'
  | 'content'
  | 'help'
  | 'article'
  | 'literature'
  | 'press'
  | 'contact'
  | 'newsletter'
  | 'stores';

export interface PageModel {
  /** The page path it belongs to, e.g. '/en/kitchen'. */
  readonly path: string;
  readonly kind: PageKind;
  readonly title: string;
  /** Meta description. */
  readonly description: string;
  readonly components: readonly PageComponent[];
}
