/**
 * Tabs of a content page (WAI-ARIA tabs, automatic activation): the chosen tab is kept in the URL
 * as `?tab=name` (spec §2), so a reload or a shared link opens the same tab. Only the chosen
 * panel's content is drawn, so product lists behind other tabs load when opened.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { needsGridIcon } from '../../core/catalog/tabs';
import type { TabsComponent } from '../../core/content/page-model';
import { useTabs } from '../components/tabs';

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
  const [params, setParams] = useSearchParams();
  const tabs = component.tabs;
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
  const { active, tabListProps, tabProps, panelProps } = useTabs({
    keys: tabs.map((t) => t.name),
    selected: activeTabName(tabs, params.get(TAB_PARAM)),
    onSelect: choose,
  });

  if (tabs.length === 0) return null;
  return (
    <div className="content-tabs">
      <div className="content-tabs__list" aria-label={label} {...tabListProps}>
        {tabs.map((tab) => (
          <button key={tab.name} {...tabProps(tab.name)} className="content-tabs__tab">
            {needsGridIcon(tab.name) && <GridIcon />}
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab) => {
        const selected = tab.name === active;
        return (
          <div
            key={tab.name}
            {...panelProps(tab.name)}
            className="content-tabs__panel"
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
