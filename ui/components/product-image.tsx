import { useState, type CSSProperties } from 'react';

const PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#f5f3ef"/><path d="M150 230h100a50 50 0 0 1-100 0z" fill="#d9d9de"/><rect x="195" y="160" width="10" height="70" fill="#d9d9de"/></svg>',
  );

/** The same image without webp: spec §8, an image that fails is retried without webp. */
export const withoutWebp = (src: string): string | null => {
  const stripped = src.replace(/([?&])(fm|format)=webp&?/i, '$1').replace(/[?&]$/, '');
  if (stripped !== src) return stripped;
  if (/\.webp($|\?)/i.test(src)) return src.replace(/\.webp($|\?)/i, '.png$1');
  return null;
};

/**
 * `sizes` for each place an image sits: how wide its slot is at each layout width, so a browser
 * that has several widths to choose from (a `srcset`) takes the smallest that fills it. The
 * conditions are the layouts' own breakpoints — 768 px (spec: the image-size breakpoint where
 * grids go from two columns to three and the gallery moves beside the buy box), 1025 and 1280 —
 * and the widths were measured on the built storefront at 320, 425, 600, 768, 900, 1025 and 1280
 * px. Our drawings are SVG, one file for every width, so today these describe the slots without
 * choosing between files; they are right for any raster source added later.
 */
export const IMAGE_SIZES = {
  /** A product tile in a page-wide grid (home, content pages, linked products). */
  tile: '(max-width: 767px) calc(50vw - 24px), (max-width: 1279px) calc(33vw - 21px), 405px',
  /** A product tile beside the listing's filters (two, then three, then four a row). */
  listingTile:
    '(max-width: 767px) calc(50vw - 24px), (max-width: 1024px) calc(50vw - 150px), ' +
    '(max-width: 1279px) calc(33vw - 112px), 223px',
  /** The product page's main image: the page's width, then beside the buy box. */
  gallery:
    '(max-width: 767px) calc(100vw - 32px), (max-width: 1024px) calc(50vw - 32px), ' +
    '(max-width: 1279px) calc(58vw - 47px), 700px',
  /** A hero banner's image: below its text on phones, beside it from 768 px. */
  hero: '(max-width: 767px) calc(100vw - 80px), (max-width: 1279px) calc(58vw - 70px), 677px',
  /** A teaser card's image: almost the window on phones (a carousel slide), three a row beyond. */
  teaser: '(max-width: 767px) calc(80vw - 26px), (max-width: 1279px) calc(33vw - 21px), 300px',
} as const;

interface Props {
  readonly src: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
  /** Above the fold: load eagerly with high priority (LCP). */
  readonly priority?: boolean;
  readonly className?: string;
  readonly sizes?: string;
}

/**
 * A sized image (no layout shift), lazy below the fold. `priority` is for the image that is the
 * page's largest paint or sits in the first screen (the first tiles of a list, the product's main
 * image, the home hero): fetched at once and first (`loading="eager"`, `fetchpriority="high"`);
 * every other image waits until it nears the window (`loading="lazy"`) and is decoded off the main
 * thread. Its width and height attributes give its box before it loads; `--image-ratio` carries the
 * same ratio for a style that shows an image at its own proportions (`aspect-ratio: auto` alone
 * would drop it). On error: retry without webp, then a neutral placeholder (spec §8 Image load
 * failure).
 */
export const ProductImage = ({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
  sizes,
}: Props) => {
  const [current, setCurrent] = useState(src);
  const [stage, setStage] = useState<'original' | 'retry' | 'placeholder'>('original');
  const [prevSrc, setPrevSrc] = useState(src);
  if (src !== prevSrc) {
    setPrevSrc(src);
    setCurrent(src);
    setStage('original');
  }
  const onError = () => {
    if (stage === 'original') {
      const retry = withoutWebp(current);
      if (retry !== null) {
        setCurrent(retry);
        setStage('retry');
        return;
      }
    }
    setCurrent(PLACEHOLDER);
    setStage('placeholder');
  };
  return (
    <img
      className={className}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...(sizes === undefined ? {} : { sizes })}
      style={{ '--image-ratio': `${width} / ${height}` } as CSSProperties}
      onError={stage === 'placeholder' ? undefined : onError}
    />
  );
};
