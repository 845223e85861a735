/**
 * Tabs of a content page (WAI-ARIA tabs, automatic activation): the chosen tab is kept in the URL
 * as `?tab=name` (spec §2), so a reload or a shared link opens the same tab. Only the chosen
 * panel's content is drawn, so product lists behind other tabs load when opened.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { needsGridIcon } from '../../core/catalog/tabs';
import type { TabsComponent } from '../../core/content/page-model';

export const TAB_PARAM = 'tab';

type Tab = TabsComponent['tabs'][number];

/** The tab the URL names (by name, case-insensitively), else the first. */
export const activeTabName = (
  tabs: readonly Tab[],
  requested: string | null,
): string | undefined => {
  const wanted = requested?.trim().toLowerCase();
  return (tabs.find((t) => t.name.trim().toLowerCase() === wanted) ?? tabs[0])?.name;
};

const GridIcon = () => (
  <svg className="content-tabs__icon" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
    <rect x="1" y="1" width="6" height="6" rx="1" fill="currentColor" />
    <rect x="9" y="1" width="6" height="6" rx="1" fill="currentColor" />
    <rect x="1" y="9" width="6" height="6" rx="1" fill="currentColor" />
    <rect x="9" y="9" width="6" height="6" rx="1" fill="currentColor" />
  </svg>
);

interface Props {
  readonly component: TabsComponent;
  readonly label: string;
  readonly renderPanel: (tab: Tab) => ReactNode;
}

export const ContentTabs = ({ component, label, renderPanel }: Props) => {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabs = component.tabs;
  const active = activeTabName(tabs, params.get(TAB_PARAM));

  const choose = (name: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.name === active);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = target === null ? undefined : tabs[target];
    if (tab === undefined) return;
    event.preventDefault();
    choose(tab.name);
    buttons.current.get(tab.name)?.focus();
  };

  if (tabs.length === 0) return null;
  return (
    <div className="content-tabs">
      <div className="content-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const selected = tab.name === active;
          return (
            <button
              key={tab.name}
              ref={(el) => {
                if (el === null) buttons.current.delete(tab.name);
                else buttons.current.set(tab.name, el);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              className="content-tabs__tab"
              aria-selected={selected}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab.name)}
            >
              {needsGridIcon(tab.name) && <GridIcon />}
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, i) => {
        const selected = tab.name === active;
        return (
          <div
            key={tab.name}
            role="tabpanel"
            id={`${id}-panel-${i}`}
            className="content-tabs__panel"
            aria-labelledby={`${id}-tab-${i}`}
            hidden={!selected}
            tabIndex={0}
          >
            {selected && renderPanel(tab)}
          </div>
        );
      })}
    </div>
  );
};
