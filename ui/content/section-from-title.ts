/**
 * Spec §2 `title` query parameter: a content page opened with `?title=Shipping` brings the section
 * headed "Shipping" into view and moves focus to its heading (so a screen reader starts there);
 * a title that names no section of the page changes nothing (core/content/query-targets.ts).
 */
import { useEffect } from 'react';
import { matchSectionTitle, sectionTitleOf } from '../../core/content/query-targets';

export const useSectionFromTitle = (search: string, drawn: boolean): void => {
  useEffect(() => {
    const title = sectionTitleOf(search);
    if (!drawn || title === null) return;
    const headings = [...document.querySelectorAll<HTMLElement>('main h2, main h3')];
    const at = matchSectionTitle(
      headings.map((h) => h.textContent ?? ''),
      title,
    );
    const heading = headings[at];
    if (heading === undefined) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.scrollIntoView?.({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [search, drawn]);
};
