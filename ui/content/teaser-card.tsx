import type { TeaserComponent } from '../../core/content/page-model';
import { IMAGE_SIZES } from '../components/product-image';
import { ContentImageView, ContentLinkView, safeHref } from './content-link';

export type HeadingLevel = 2 | 3 | 4;

/** A teaser: image, title, text and its link, which covers the whole card (one tab stop). */
export const TeaserCard = ({
  component,
  level,
}: {
  component: TeaserComponent;
  level: HeadingLevel;
}) => {
  const Heading = `h${level}` as const;
  const linked = component.link !== null && safeHref(component.link.href) !== null;
  return (
    <article className={`teaser${linked ? ' teaser--linked' : ''}`}>
      {component.image !== null && (
        <ContentImageView
          image={component.image}
          className="teaser__image"
          sizes={IMAGE_SIZES.teaser}
        />
      )}
      <div className="teaser__body">
        <Heading className="teaser__title">{component.title}</Heading>
        {component.text !== '' && <p className="teaser__text">{component.text}</p>}
        {component.link !== null && (
          <ContentLinkView link={component.link} className="teaser__link" />
        )}
      </div>
    </article>
  );
};
