/**
 * The author preview banner (spec §2 "a decoupled author preview banner with a close control"):
 * shown on every page an author previews (core/content/author-preview.ts), saying the page shows
 * drafts. Loaded after hydration (ui/app/root-layout.tsx) and laid over the page's corner, so
 * nothing on the page moves when it appears.
 *
 * Two controls: "Exit preview" ends the preview (the server clears its cookies) and loads the page
 * again, published; the close control only hides the banner for this visit's pages — the preview
 * stays on, and the account menu keeps "Exit preview" (./preview-menu-item.tsx).
 */
import { useState } from 'react';
import { TYPES } from '../../adapters/di/types';
import type { AuthorPreviewGateway } from '../../core/content/author-preview';
import { useContainer } from '../app/container-context';
import { EXIT_FAILED } from './preview-menu-item';
import { reloadPage } from './reload-page';
import './preview-banner.css';

export const PREVIEW_BANNER_NAME = 'Author preview';

/** "until 5:42 PM" in the shopper's own clock. */
const until = (expiresAt: string): string =>
  new Date(expiresAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

const PreviewBanner = () => {
  const container = useContainer();
  const [preview] = useState(() => container.get<AuthorPreviewGateway>(TYPES.AuthorPreview));
  const [hidden, setHidden] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [message, setMessage] = useState('');
  const state = preview.current();
  if (!state.active || hidden) return null;

  const exit = async () => {
    setLeaving(true);
    setMessage('');
    try {
      await preview.exit();
      reloadPage();
    } catch {
      setLeaving(false);
      setMessage(EXIT_FAILED);
    }
  };

  const hide = () => {
    setHidden(true);
    // The control that had focus is gone: the page's main content takes it, not the document.
    const main = document.getElementById('main');
    if (main !== null) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus();
    }
  };

  return (
    <aside className="preview-banner" aria-label={PREVIEW_BANNER_NAME}>
      <p className="preview-banner__text">
        <strong>Preview.</strong> This page shows drafts that shoppers do not see yet (until{' '}
        {until(state.expiresAt)}).
      </p>
      <div className="preview-banner__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={leaving}
          onClick={() => void exit()}
        >
          Exit preview
        </button>
        <button
          type="button"
          className="preview-banner__close"
          aria-label="Close preview banner"
          onClick={hide}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <p className="preview-banner__message" role="status">
        {message}
      </p>
    </aside>
  );
};

export default PreviewBanner;
