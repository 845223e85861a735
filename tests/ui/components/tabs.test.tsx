/**
 * The shared WAI-ARIA tabs: the key rule as a property over any number of tabs, and the hook's
 * markup and focus in a small tab list.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { nextTabIndex, useTabs } from '../../../ui/components/tabs';

afterEach(cleanup);

const KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'] as const;

describe('nextTabIndex', () => {
  it('stays within the tabs for every handled key, wrapping at both ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat(),
        fc.constantFrom(...KEYS),
        (n, i, k) => {
          const from = i % n;
          const to = nextTabIndex(k, from, n);
          expect(to).not.toBeNull();
          expect(to).toBeGreaterThanOrEqual(0);
          expect(to).toBeLessThan(n);
          if (k === 'ArrowRight') expect(to).toBe(from === n - 1 ? 0 : from + 1);
          if (k === 'ArrowLeft') expect(to).toBe(from === 0 ? n - 1 : from - 1);
          if (k === 'Home') expect(to).toBe(0);
          if (k === 'End') expect(to).toBe(n - 1);
        },
      ),
    );
  });

  it('undoes ArrowRight with ArrowLeft from anywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.nat(), (n, i) => {
        const from = i % n;
        expect(nextTabIndex('ArrowLeft', nextTabIndex('ArrowRight', from, n) ?? -1, n)).toBe(from);
      }),
    );
  });

  it('ignores other keys, and has nowhere to go without tabs', () => {
    fc.assert(
      fc.property(
        fc.string().filter((k) => !(KEYS as readonly string[]).includes(k)),
        fc.integer({ min: 1, max: 20 }),
        (key, n) => {
          expect(nextTabIndex(key, 0, n)).toBeNull();
        },
      ),
    );
    for (const key of KEYS) expect(nextTabIndex(key, 0, 0)).toBeNull();
  });
});

const FRUITS = ['apple', 'pear', 'plum', 'fig'] as const;
type Fruit = (typeof FRUITS)[number];

const Fruits = ({ onePanel = false }: { onePanel?: boolean }) => {
  const [chosen, setChosen] = useState<Fruit>('pear');
  const { active, tabListProps, tabProps, panelProps } = useTabs({
    keys: FRUITS,
    selected: chosen,
    onSelect: setChosen,
    ...(onePanel ? { panelId: () => 'fruit-panel', tabId: (f: Fruit) => `fruit-${f}` } : {}),
  });
  return (
    <>
      <div aria-label="Fruit" {...tabListProps}>
        {FRUITS.map((f) => (
          <button key={f} {...tabProps(f)}>
            {f}
          </button>
        ))}
      </div>
      {onePanel ? (
        <div {...panelProps(chosen)}>{chosen} facts</div>
      ) : (
        FRUITS.map((f) => (
          <div key={f} {...panelProps(f)} hidden={f !== active}>
            {f} facts
          </div>
        ))
      )}
    </>
  );
};

const selectedTab = () =>
  screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');

describe('useTabs', () => {
  it('has one tab stop, the selected tab, whose panel it controls and is named by', () => {
    render(<Fruits />);
    expect(screen.getByRole('tablist', { name: 'Fruit' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(selectedTab().map((t) => t.textContent)).toEqual(['pear']);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      expect(panel?.getAttribute('role')).toBe('tabpanel');
      expect(panel?.getAttribute('aria-labelledby')).toBe(tab.id);
    }
    expect(screen.getByRole('tabpanel', { name: 'pear' }).textContent).toBe('pear facts');
  });

  it('moves focus and selection with the arrows (wrapping), Home and End', () => {
    render(<Fruits />);
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key });
      const focused = document.activeElement;
      expect(selectedTab()).toEqual([focused]);
      expect((focused as HTMLElement).tabIndex).toBe(0);
      return focused?.textContent;
    };
    screen.getByRole('tab', { name: 'pear' }).focus();
    expect(press('ArrowRight')).toBe('plum');
    expect(press('ArrowRight')).toBe('fig');
    expect(press('ArrowRight')).toBe('apple');
    expect(press('ArrowLeft')).toBe('fig');
    expect(press('Home')).toBe('apple');
    expect(press('End')).toBe('fig');
    expect(screen.getByRole('tabpanel').textContent).toBe('fig facts');
  });

  it('leaves other keys to the page', () => {
    render(<Fruits />);
    const tab = screen.getByRole('tab', { name: 'pear' });
    tab.focus();
    const handled = !fireEvent.keyDown(tab, { key: 'ArrowDown' });
    expect(handled).toBe(false);
    expect(selectedTab()).toEqual([tab]);
  });

  it('lets every tab control one shared panel, labelled by the selected tab', () => {
    render(<Fruits onePanel />);
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.getAttribute('aria-controls')).toBe('fruit-panel');
    }
    fireEvent.click(screen.getByRole('tab', { name: 'fig' }));
    const panel = screen.getByRole('tabpanel', { name: 'fig' });
    expect(panel.id).toBe('fruit-panel');
    expect(screen.getByRole('tab', { name: 'fig' }).id).toBe('fruit-fig');
  });
});
