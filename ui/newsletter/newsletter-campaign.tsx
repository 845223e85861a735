/**
 * The newsletter campaign dialog's host, in the shell on every page (spec §2): it counts page
 * views and opens the dialog by itself at the configured trigger (core/newsletter/campaign.ts), or
 * whenever the URL's hash is `#newsletter` (./campaign-host-model.ts). The dialog itself is its own
 * chunk, fetched when it first opens; nothing of it is drawn on the server or in the first render.
 */
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import { asksForCampaign } from '../../core/newsletter/campaign';
import type { CampaignStore } from '../../core/newsletter/ports';
import type { ConfigurationGateway } from '../../core/content/ports';
import { useContainer } from '../app/container-context';
import { CampaignHostModel } from './campaign-host-model';

const CampaignDialog = lazy(() => import('./campaign-dialog'));

const NewsletterCampaign = observer(() => {
  const container = useContainer();
  const { pathname, hash, search } = useLocation();
  const navigate = useNavigate();
  const [host] = useState(
    () => new CampaignHostModel(container.get<CampaignStore>(TYPES.CampaignStore)),
  );

  useEffect(() => {
    container
      .get<ConfigurationGateway>(TYPES.ConfigurationGateway)
      .load()
      .then(
        (configuration) => host.setTrigger(configuration.newsletterPopupTrigger),
        () => host.setTrigger(undefined),
      );
  }, [container, host]);
  useEffect(() => host.pageViewed(pathname), [host, pathname]);
  useEffect(() => host.hashChanged(hash), [host, hash]);

  if (!host.open) return null;
  const close = () => {
    host.close();
    // Reloading or going back to this URL should not open it again.
    if (asksForCampaign(hash)) void navigate({ pathname, search, hash: '' }, { replace: true });
  };
  return (
    <Suspense fallback={null}>
      <CampaignDialog onClose={close} />
    </Suspense>
  );
});

export default NewsletterCampaign;
