/**
 * The auth modal (spec §2 shell overlay): a dialog over the page with one of its views. Focus moves
 * into it and stays there (Tab cycles), each view starting on its first field; Escape or the close
 * button closes it and focus returns to what opened it; the page behind is inert and hidden from
 * assistive technology meanwhile (the shared Dialog frame does all of that).
 */
import { observer } from 'mobx-react-lite';
import type { AuthViewModel } from './auth-view-model';
import { Dialog } from '../components/dialog';
import { AuthViews, viewTitles } from './auth-views';

export const AuthModal = observer(({ auth }: { auth: AuthViewModel }) => {
  if (!auth.modal.show) return null;
  const view = auth.modal.view;
  return (
    <Dialog
      block="modal"
      title={viewTitles[view]}
      closeLabel="Close"
      contentKey={view}
      onClose={() => auth.closeModal()}
    >
      <AuthViews auth={auth} />
    </Dialog>
  );
});
