/**
 * The newsletter campaign dialog's state (core/newsletter/campaign.ts): page views in session
 * storage (they count one browser session), dismissed and subscribed in local storage (they last).
 * Read by hand rather than with a codec: it is in the entry bundle, and anything unreadable reads
 * as a fresh state.
 */
import type { CampaignState } from '../../core/newsletter/campaign';
import type { CampaignStore } from '../../core/newsletter/ports';

export const CAMPAIGN_VIEWS_KEY = 'lavabo.newsletter.views';
export const CAMPAIGN_KEY = 'lavabo.newsletter';

const read = (storage: Storage, key: string): string | null => {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
};

const write = (storage: Storage, key: string, value: string): void => {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage full or unavailable: the state lives in memory for this page.
  }
};

export class WebStorageCampaignStore implements CampaignStore {
  constructor(
    private readonly local: Storage,
    private readonly session: Storage,
  ) {}

  load(): CampaignState {
    const views = Number(read(this.session, CAMPAIGN_VIEWS_KEY));
    let kept: unknown = null;
    try {
      kept = JSON.parse(read(this.local, CAMPAIGN_KEY) ?? 'null');
    } catch {
      kept = null;
    }
    const flags =
      typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>) : {};
    return {
      pageViews: Number.isSafeInteger(views) && views > 0 ? views : 0,
      dismissed: flags.dismissed === true,
      subscribed: flags.subscribed === true,
    };
  }

  save(state: CampaignState): void {
    write(this.session, CAMPAIGN_VIEWS_KEY, String(state.pageViews));
    write(
      this.local,
      CAMPAIGN_KEY,
      JSON.stringify({ dismissed: state.dismissed, subscribed: state.subscribed }),
    );
  }
}
