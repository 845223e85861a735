/** Writes to the campaign dialog's kept state (core/newsletter/campaign.ts) from any screen. */
import { markDismissed, markSubscribed } from '../../core/newsletter/campaign';
import type { CampaignStore } from '../../core/newsletter/ports';

export const subscribedFromThisBrowser = (store: CampaignStore): void =>
  store.save(markSubscribed(store.load()));

export const dismissedInThisBrowser = (store: CampaignStore): void =>
  store.save(markDismissed(store.load()));
