/**
 * Draws a content page's components (core/content/page-model.ts). Text is rendered as text, never
 * as HTML; links and images pass the safe-link rule (content-link.tsx). The first top-level hero
 * carries the page's h1; every other title is a heading one level below its section.
 */
import { observer } from 'mobx-react-lite';
import { createContext, useContext, useEffect, useId } from 'react';
import { productListCategory } from '../../core/catalog/search-products';
import { buildPath } from '../../core/content/routes';
import type {
  FaqComponent,
  HeroComponent,
  LinkListComponent,
  PageComponent,
  ProductListComponent,
  TextComponent,
} from '../../core/content/page-model';
import { IMAGE_SIZES } from '../components/product-image';
import { ProductTile } from '../components/product-tile';
import { ErrorState, Skeleton } from '../components/states';
import { Carousel } from './carousel';
import { ContentImageView, ContentLinkView, safeHref } from './content-link';
import type { ProductListSource } from './content-page-view-model';
import { ContentTabs } from './content-tabs';
import { TeaserCard, type HeadingLevel } from './teaser-card';

const ProductListContext = createContext<ProductListSource | null>(null);

const useProductLists = (): ProductListSource => {
  const source = useContext(ProductListContext);
  if (source === null) throw new Error('Content product lists need a ProductListSource');
  return source;
};

const deeper = (level: HeadingLevel): HeadingLevel => Math.min(level + 1, 4) as HeadingLevel;

const Hero = ({
  component,
  isPageHeading,
}: {
  component: HeroComponent;
  isPageHeading: boolean;
}) => {
  const Heading = isPageHeading ? 'h1' : 'h2';
  return (
    <section className={`hero-banner${component.image === null ? ' hero-banner--plain' : ''}`}>
      <div className="hero-banner__text">
        {component.title.trim() !== '' && (
          <Heading className="hero-banner__title">{component.title.trim()}</Heading>
        )}
        {component.text !== '' && <p className="hero-banner__lede">{component.text}</p>}
        {component.cta !== null && (
          <ContentLinkView link={component.cta} className="button button--primary" />
        )}
      </div>
      {component.image !== null && (
        <ContentImageView
          image={component.image}
          className="hero-banner__image"
          priority={isPageHeading}
          sizes={IMAGE_SIZES.hero}
        />
      )}
    </section>
  );
};

const Text = ({ component, level }: { component: TextComponent; level: HeadingLevel }) => {
  const Heading = `h${level}` as const;
  return (
    <section className="content-text">
      {component.title !== null && component.title !== '' && <Heading>{component.title}</Heading>}
      {component.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
};

const LinkList = ({ component, level }: { component: LinkListComponent; level: HeadingLevel }) => {
  const Heading = `h${level}` as const;
  const titleId = useId();
  const links = component.links.filter((l) => safeHref(l.href) !== null);
  if (links.length === 0) return null;
  return (
    <section className="link-list-section" aria-labelledby={titleId}>
      <Heading id={titleId}>{component.title}</Heading>
      <ul className="content-links">
        {links.map((link, i) => (
          <li key={`${i}-${link.href}`}>
            <ContentLinkView link={link} className="content-links__link" />
          </li>
        ))}
      </ul>
    </section>
  );
};

const Faq = ({ component, level }: { component: FaqComponent; level: HeadingLevel }) => {
  const Heading = `h${level}` as const;
  return (
    <section className="faq">
      <Heading>{component.title}</Heading>
      <div className="faq__items">
        {component.items.map((item, i) => (
          <details key={i} className="faq__item">
            <summary className="faq__question">{item.question}</summary>
            <div className="faq__answer">
              {item.answer.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
};

/** Where "Shop all" goes: the list's own link, else its category's product list page. */
export const shopAllHref = (component: ProductListComponent): string | null => {
  if (component.link !== null) return safeHref(component.link.href);
  const category = productListCategory(component);
  return category === undefined ? null : buildPath('productList', { category });
};

const ProductListSection = observer(
  ({ component, level }: { component: ProductListComponent; level: HeadingLevel }) => {
    const source = useProductLists();
    const titleId = useId();
    useEffect(() => {
      source.loadProductList(component);
    }, [source, component]);
    const state = source.productList(component);
    const Heading = `h${level}` as const;
    const href = shopAllHref(component);
    const shopAll =
      href === null ? null : (
        <ContentLinkView link={{ label: 'Shop all', href }} className="section-head__link">
          {'Shop all '}
          <span className="visually-hidden">{component.title}</span>
        </ContentLinkView>
      );
    return (
      <section className="content-products" aria-labelledby={titleId}>
        <div className="section-head">
          <Heading id={titleId} className="section-head__title">
            {component.title}
          </Heading>
          {shopAll}
        </div>
        {state.status === 'failed' ? (
          <ErrorState
            title="These products did not load."
            onRetry={() => source.retryProductList(component)}
          />
        ) : state.status === 'succeeded' && state.products.length === 0 ? (
          <p className="content-products__empty">
            Nothing to show here right now.{' '}
            {href !== null && <ContentLinkView link={{ label: 'Browse the range', href }} />}
          </p>
        ) : state.status === 'succeeded' ? (
          <ul className="product-grid content-products__grid">
            {state.products.map((product) => (
              <li key={product.sku}>
                <ProductTile product={product} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="product-grid content-products__grid" aria-busy="true">
            <span className="visually-hidden" role="status">
              Loading products…
            </span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="product-tile product-tile--skeleton" aria-hidden="true">
                <Skeleton className="product-tile__image-skeleton" height="auto" />
                <Skeleton width="80%" />
                <Skeleton width="40%" />
              </div>
            ))}
          </div>
        )}
      </section>
    );
  },
);

interface ComponentProps {
  readonly component: PageComponent;
  readonly level: HeadingLevel;
  /** The hero whose title is the page's h1. */
  readonly headingHero: HeroComponent | undefined;
}

const ContentComponent = ({ component, level, headingHero }: ComponentProps) => {
  switch (component.type) {
    case 'hero':
      return <Hero component={component} isPageHeading={component === headingHero} />;
    case 'teaser':
      return (
        <div className="teaser-single">
          <TeaserCard component={component} level={level} />
        </div>
      );
    case 'carousel':
      return <Carousel component={component} level={level} />;
    case 'text':
      return <Text component={component} level={level} />;
    case 'productList':
      return <ProductListSection component={component} level={level} />;
    case 'linkList':
      return <LinkList component={component} level={level} />;
    case 'faq':
      return <Faq component={component} level={level} />;
    case 'tabs':
      return (
        <section className="content-tabs-section">
          <ContentTabs
            component={component}
            label="Page sections"
            renderPanel={(tab) => (
              <ContentComponentList
                components={tab.components}
                level={deeper(level)}
                headingHero={headingHero}
              />
            )}
          />
        </section>
      );
    default:
      // A component type this storefront does not know yet is left out, not an error.
      return null;
  }
};

export const ContentComponentList = ({
  components,
  level,
  headingHero,
}: {
  components: readonly PageComponent[];
  level: HeadingLevel;
  headingHero: HeroComponent | undefined;
}) => (
  <>
    {components.map((component, i) => (
      <ContentComponent
        key={`${i}-${component.type}`}
        component={component}
        level={level}
        headingHero={headingHero}
      />
    ))}
  </>
);

/** A page's components, with the source of its product lists. */
export const ContentComponents = ({
  components,
  headingHero,
  productLists,
}: {
  components: readonly PageComponent[];
  headingHero: HeroComponent | undefined;
  productLists: ProductListSource;
}) => (
  <ProductListContext.Provider value={productLists}>
    <div className="content-components">
      <ContentComponentList components={components} level={2} headingHero={headingHero} />
    </div>
  </ProductListContext.Provider>
);
