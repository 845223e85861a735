/**
 * The author preview in the shell: the banner shows only on a page served in preview, says the
 * page shows drafts, "Exit preview" ends the preview and loads the page again (an error says so
 * in a live region and leaves the banner), the close control hides the banner only; the account
 * menu's item is there for authors only and says what it will do.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NOT_PREVIEWING,
  parsePreviewState,
  type AuthorPreviewGateway,
  type PreviewState,
} from '../../../core/content/author-preview';
import { ContainerProvider } from '../../../ui/app/container-context';
import PreviewBanner from '../../../ui/shell/preview-banner';
import { PreviewMenuItem } from '../../../ui/shell/preview-menu-item';
import * as reloading from '../../../ui/shell/reload-page';
import { testContainer } from '../support/test-container';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ON: PreviewState = { active: true, expiresAt: '2026-11-27T18:00:00.000Z' };

class StubPreview implements AuthorPreviewGateway {
  exits = 0;
  starts = 0;
  constructor(
    private readonly state: PreviewState,
    private readonly author = true,
    private readonly fail = false,
  ) {}
  current() {
    return this.state;
  }
  canPreview() {
    return Promise.resolve(this.author);
  }
  start() {
    this.starts += 1;
    return this.fail ? Promise.reject(new Error('down')) : Promise.resolve();
  }
  exit() {
    this.exits += 1;
    return this.fail ? Promise.reject(new Error('down')) : Promise.resolve();
  }
}

const renderWith = (preview: AuthorPreviewGateway, ui: React.ReactNode) => {
  const container = testContainer({ overrides: { AuthorPreview: preview } });
  return render(<ContainerProvider container={container}>{ui}</ContainerProvider>);
};

describe('the preview banner', () => {
  it('is not there when the page was not served in preview', () => {
    renderWith(new StubPreview(NOT_PREVIEWING), <PreviewBanner />);
    expect(screen.queryByRole('complementary', { name: 'Author preview' })).toBeNull();
  });

  it('says the page shows drafts; Exit preview ends it and loads the page again', async () => {
    const reload = vi.spyOn(reloading, 'reloadPage').mockImplementation(() => undefined);
    const preview = new StubPreview(ON);
    renderWith(preview, <PreviewBanner />);
    const banner = screen.getByRole('complementary', { name: 'Author preview' });
    expect(banner.textContent).toContain('This page shows drafts that shoppers do not see yet');
    fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(preview.exits).toBe(1);
  });

  it('says so in a live region when leaving fails, and stays', async () => {
    const reload = vi.spyOn(reloading, 'reloadPage').mockImplementation(() => undefined);
    renderWith(new StubPreview(ON, true, true), <PreviewBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Exit preview' }));
    const status = await screen.findByText('We could not end the preview. Please try again.');
    expect(status.getAttribute('role')).toBe('status');
    expect(reload).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('button', { name: 'Exit preview' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('the close control hides the banner and leaves the preview on', () => {
    const preview = new StubPreview(ON);
    const main = document.createElement('main');
    main.id = 'main';
    document.body.append(main);
    renderWith(preview, <PreviewBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Close preview banner' }));
    expect(screen.queryByRole('complementary', { name: 'Author preview' })).toBeNull();
    expect(preview.exits).toBe(0);
    expect(document.activeElement).toBe(main);
    main.remove();
  });
});

describe('the account menu item', () => {
  it('offers Preview drafts to an author, and starts it', async () => {
    const reload = vi.spyOn(reloading, 'reloadPage').mockImplementation(() => undefined);
    const preview = new StubPreview(NOT_PREVIEWING);
    renderWith(preview, <PreviewMenuItem className="account-menu__item" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview drafts' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(preview.starts).toBe(1);
  });

  it('offers Exit preview while previewing', async () => {
    renderWith(new StubPreview(ON), <PreviewMenuItem className="account-menu__item" />);
    expect(await screen.findByRole('button', { name: 'Exit preview' })).toBeTruthy();
  });

  it('offers nothing to a customer who is no author', async () => {
    const preview = new StubPreview(NOT_PREVIEWING, false);
    const spy = vi.spyOn(preview, 'canPreview');
    renderWith(preview, <PreviewMenuItem className="account-menu__item" />);
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /preview/i })).toBeNull();
  });
});

describe('the page’s preview state', () => {
  it('is on only with an active flag and a real end time', () => {
    expect(parsePreviewState({ active: true, expiresAt: ON.expiresAt })).toEqual(ON);
    for (const bad of [
      null,
      'on',
      [],
      { active: 'true', expiresAt: ON.expiresAt },
      { active: true },
      { active: true, expiresAt: 'soon' },
    ]) {
      expect(parsePreviewState(bad)).toEqual(NOT_PREVIEWING);
    }
  });
});
