/**
 * The campaign dialog host's state (./newsletter-campaign.tsx): whether the dialog is open, from
 * the page views it is told of (core/newsletter/campaign.ts) and the `#newsletter` hash. Page views
 * wait for the configured trigger; a view told of twice for one path counts once.
 */
import { action, makeObservable, observable } from 'mobx';
import {
  asksForCampaign,
  opensByItself,
  popupTriggerOf,
  recordPageView,
} from '../../core/newsletter/campaign';
import type { CampaignStore } from '../../core/newsletter/ports';

export class CampaignHostModel {
  open = false;
  private trigger: number | null = null;
  private pending: string | null = null;
  private counted: string | null = null;

  constructor(private readonly store: CampaignStore) {
    makeObservable<this, 'count'>(this, {
      open: observable,
      setTrigger: action,
      pageViewed: action,
      hashChanged: action,
      close: action,
      count: action,
    });
  }

  /** The configured trigger (anything unusable is the default). */
  setTrigger(configured: unknown): void {
    this.trigger = popupTriggerOf(configured);
    if (this.pending !== null) this.count(this.pending);
  }

  pageViewed(pathname: string): void {
    if (this.trigger === null) this.pending = pathname;
    else this.count(pathname);
  }

  hashChanged(hash: string): void {
    if (asksForCampaign(hash)) this.open = true;
  }

  close(): void {
    this.open = false;
  }

  private count(pathname: string): void {
    this.pending = null;
    if (this.counted === pathname || this.trigger === null) return;
    this.counted = pathname;
    const state = recordPageView(this.store.load());
    this.store.save(state);
    if (opensByItself(state, this.trigger, pathname)) this.open = true;
  }
}
