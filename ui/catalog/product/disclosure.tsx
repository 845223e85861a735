import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Section {
  readonly key: string;
  readonly title: string;
  readonly content: ReactNode;
}

/**
 * Tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys / Home / End move and activate, each
 * panel labelled by its tab. Used by the standard product page.
 */
export const Tabs = ({ label, sections }: { label: string; sections: readonly Section[] }) => {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const active = sections.find((s) => s.key === chosen)?.key ?? sections[0]?.key;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = sections.findIndex((s) => s.key === active);
    const last = sections.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % sections.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + sections.length) % sections.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = sections[next]?.key;
    if (key === undefined) return;
    setChosen(key);
    tabRefs.current.get(key)?.focus();
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {sections.map((s) => (
          <button
            key={s.key}
            ref={(el) => {
              if (el === null) tabRefs.current.delete(s.key);
              else tabRefs.current.set(s.key, el);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${s.key}`}
            className="tabs__tab"
            aria-selected={s.key === active}
            aria-controls={`${id}-panel-${s.key}`}
            tabIndex={s.key === active ? 0 : -1}
            onClick={() => setChosen(s.key)}
          >
            {s.title}
          </button>
        ))}
      </div>
      {sections.map((s) => (
        <div
          key={s.key}
          role="tabpanel"
          id={`${id}-panel-${s.key}`}
          className="tabs__panel"
          aria-labelledby={`${id}-tab-${s.key}`}
          hidden={s.key !== active}
          tabIndex={0}
        >
          {s.content}
        </div>
      ))}
    </div>
  );
};

/**
 * Accordion (WAI-ARIA accordion pattern): each section's heading holds a button with
 * aria-expanded that shows or hides its region. Used by the extended product page.
 */
export const Accordion = ({
  sections,
  initiallyOpen = [],
}: {
  sections: readonly Section[];
  initiallyOpen?: readonly string[];
}) => {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div className="accordion">
      {sections.map((s) => {
        const expanded = open.has(s.key);
        return (
          <div key={s.key} className="accordion__item">
            <h2 className="accordion__heading">
              <button
                type="button"
                id={`${id}-button-${s.key}`}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={`${id}-region-${s.key}`}
                onClick={() => toggle(s.key)}
              >
                <span>{s.title}</span>
                <svg
                  className="accordion__chevron"
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                >
                  <path
                    d="m6 9 6 6 6-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            </h2>
            <div
              id={`${id}-region-${s.key}`}
              role="region"
              className="accordion__region"
              aria-labelledby={`${id}-button-${s.key}`}
              hidden={!expanded}
            >
              {s.content}
            </div>
          </div>
        );
      })}
    </div>
  );
};
