/**
 * The account menu's author preview item (ui/auth/account-menu.tsx), for content authors only:
 * "Preview drafts" starts the preview, "Exit preview" ends it while it is on. Either loads the page
 * again, since the server serves a previewing author another page (server/preview/preview-page.ts).
 * Nothing shows for a customer who is no author, nor while the answer is awaited.
 */
import { useEffect, useState } from 'react';
import { TYPES } from '../../adapters/di/types';
import type { AuthorPreviewGateway } from '../../core/content/author-preview';
import { useContainer } from '../app/container-context';
import { reloadPage } from './reload-page';

export const START_FAILED = 'We could not start the preview. Please try again.';
export const EXIT_FAILED = 'We could not end the preview. Please try again.';

export const PreviewMenuItem = ({ className }: { readonly className: string }) => {
  const container = useContainer();
  const [preview] = useState(() => container.get<AuthorPreviewGateway>(TYPES.AuthorPreview));
  const active = preview.current().active;
  const [author, setAuthor] = useState(active);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (active) return;
    let live = true;
    preview.canPreview().then(
      (is) => {
        if (live) setAuthor(is);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [preview, active]);

  if (!author) return null;

  const toggle = async () => {
    setBusy(true);
    setMessage('');
    try {
      await (active ? preview.exit() : preview.start());
      reloadPage();
    } catch {
      setBusy(false);
      setMessage(active ? EXIT_FAILED : START_FAILED);
    }
  };

  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void toggle()}>
        {active ? 'Exit preview' : 'Preview drafts'}
      </button>
      <span className="account-menu__note" role="status">
        {message}
      </span>
    </>
  );
};
