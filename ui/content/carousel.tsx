/**
 * A carousel of teasers: a scroll-snap row the shopper moves with the Previous/Next buttons, by
 * swiping, or with the arrow keys once the row has focus. It never moves by itself.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CarouselComponent } from '../../core/content/page-model';
import { TeaserCard, type HeadingLevel } from './teaser-card';

const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface Props {
  readonly component: CarouselComponent;
  readonly level: HeadingLevel;
}

export const Carousel = ({ component, level }: Props) => {
  const titleId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const Heading = `h${level}` as const;
  const itemLevel = Math.min(level + 1, 4) as HeadingLevel;

  const measure = useCallback(() => {
    const el = track.current;
    if (el === null) return;
    const atStart = el.scrollLeft <= 1;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((e) => (e.atStart === atStart && e.atEnd === atEnd ? e : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const el = track.current;
    if (el === null) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const move = (direction: -1 | 1) => {
    const el = track.current;
    if (el === null) return;
    const slide = el.querySelector('li');
    const gap = Number.parseFloat(getComputedStyle(el).columnGap) || 0;
    const step = (slide?.getBoundingClientRect().width ?? el.clientWidth) + gap;
    const left = direction * Math.max(step, 1);
    if (typeof el.scrollBy === 'function') {
      el.scrollBy({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else {
      el.scrollLeft += left;
    }
  };

  const count = component.items.length;
  if (count === 0) return null;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-labelledby={titleId}>
      <div className="section-head">
        <Heading id={titleId} className="section-head__title">
          {component.title}
        </Heading>
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            aria-label="Previous slide"
            disabled={edges.atStart}
            onClick={() => move(-1)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                d="m15 6-6 6 6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <button
            type="button"
            className="carousel__button"
            aria-label="Next slide"
            disabled={edges.atEnd}
            onClick={() => move(1)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                d="m9 6 6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </div>
      </div>
      <ul
        ref={track}
        className="carousel__track"
        tabIndex={0}
        aria-label={`${component.title}: use the arrow keys to scroll`}
        onScroll={measure}
      >
        {component.items.map((item, i) => (
          <li
            key={`${i}-${item.title}`}
            className="carousel__slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
          >
            <TeaserCard component={item} level={itemLevel} />
          </li>
        ))}
      </ul>
    </section>
  );
};
