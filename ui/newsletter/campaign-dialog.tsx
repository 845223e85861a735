/**
 * The newsletter campaign dialog (spec §2 shell overlays, the `#newsletter` hash): the sign-up
 * form in the shop's one modal frame. Closing it dismisses the campaign for this browser unless
 * the shopper subscribed (core/newsletter/campaign.ts); either way it does not open by itself again.
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { TYPES } from '../../adapters/di/types';
import type { CampaignStore } from '../../core/newsletter/ports';
import { useContainer } from '../app/container-context';
import { Dialog } from '../components/dialog';
import { dismissedInThisBrowser } from './campaign-state';
import { NewsletterForm } from './newsletter-form';
import { newsletterFormModel } from './newsletter-signup';
import './newsletter.css';

const CampaignDialog = observer(({ onClose }: { onClose: () => void }) => {
  const container = useContainer();
  const [form] = useState(() => newsletterFormModel(container, 'campaign'));
  const close = () => {
    dismissedInThisBrowser(container.get<CampaignStore>(TYPES.CampaignStore));
    onClose();
  };
  return (
    <Dialog
      block="modal"
      title="Ideas in your inbox"
      closeLabel="Close"
      describedBy="newsletter-campaign-text"
      onClose={close}
    >
      <div className="newsletter-campaign">
        <p id="newsletter-campaign-text" className="newsletter-campaign__text">
          New collections, design ideas and member offers from Lavabo, about twice a month.
        </p>
        <NewsletterForm form={form} />
        {form.status === 'sent' && (
          <button type="button" className="button button--secondary" onClick={close}>
            Close
          </button>
        )}
      </div>
    </Dialog>
  );
});

export default CampaignDialog;
