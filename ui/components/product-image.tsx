import { useState } from 'react';

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
 * A sized image (no layout shift), lazy below the fold. On error: retry without webp, then a
 * neutral placeholder (spec §8 Image load failure).
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
      onError={stage === 'placeholder' ? undefined : onError}
    />
  );
};
