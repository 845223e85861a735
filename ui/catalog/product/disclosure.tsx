/** The product page's sections shown two ways: as tabs (standard page) or an accordion (extended). */
import { useId, useState, type ReactNode } from 'react';
import { useTabs } from '../../components/tabs';

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
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const { active, tabListProps, tabProps, panelProps } = useTabs({
    keys: sections.map((s) => s.key),
    selected: chosen,
    onSelect: setChosen,
  });
  return (
    <div className="tabs">
      <div className="tabs__list" aria-label={label} {...tabListProps}>
        {sections.map((s) => (
          <button key={s.key} {...tabProps(s.key)} className="tabs__tab">
            {s.title}
          </button>
        ))}
      </div>
      {sections.map((s) => (
        <div
          key={s.key}
          {...panelProps(s.key)}
          className="tabs__panel"
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
