/**
 * Links and images from content models. Every href and src goes through the spec §5 safe-link rule
 * (core/validation/safe-link.ts) first: an unsafe link is not drawn at all, an in-app path becomes a
 * router link, anything else a plain anchor.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentImage, ContentLink } from '../../core/content/page-model';
import { sanitizeLink } from '../../core/validation/safe-link';
import { ProductImage } from '../components/product-image';

/** The href to draw, or null when the link is unsafe or empty. */
export const safeHref = (href: string): string | null => {
  const safe = sanitizeLink(href, '');
  return safe === '' ? null : safe;
};

/**
 * A path of this app ('/en/…'), not a protocol-relative URL: browsers read a backslash in an
 * http(s) URL as a slash, so '//host' and '/\host' both leave the site.
 */
export const isAppPath = (href: string): boolean => /^\/(?![/\\])/.test(href);

/**
 * Maybe another site: any http(s) URL ('http:host' leaves an https page too), or a protocol-relative
 * one ('//host', '/\host', '\\host').
 */
export const isExternal = (href: string): boolean => /^(?:https?:|[/\\]{2})/i.test(href);

interface LinkProps {
  readonly link: ContentLink;
  readonly className?: string;
  /** Replaces the label as the link's content (the label stays its name unless children name it). */
  readonly children?: ReactNode;
}

export const ContentLinkView = ({ link, className, children }: LinkProps) => {
  const href = safeHref(link.href);
  if (href === null) return null;
  const content = children ?? link.label;
  if (isAppPath(href)) {
    return (
      <Link to={href} {...(className === undefined ? {} : { className })}>
        {content}
      </Link>
    );
  }
  return (
    <a
      href={href}
      {...(className === undefined ? {} : { className })}
      {...(isExternal(href) ? { rel: 'noopener noreferrer' } : {})}
    >
      {content}
    </a>
  );
};

interface ImageProps {
  readonly image: ContentImage;
  readonly className?: string;
  /** Above the fold (the first hero): eager, high priority. */
  readonly priority?: boolean;
  readonly sizes?: string;
}

export const ContentImageView = ({ image, className, priority = false, sizes }: ImageProps) => {
  const src = safeHref(image.src);
  if (src === null) return null;
  return (
    <ProductImage
      src={src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      priority={priority}
      {...(className === undefined ? {} : { className })}
      {...(sizes === undefined ? {} : { sizes })}
    />
  );
};
