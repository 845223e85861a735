/**
 * The site notices dismissed or shown in this visit (core/content/ports.ts SeenNoticesStore), in
 * session storage: a new visit shows a live promo again. Unreadable storage reads as nothing seen.
 */
import type { SeenNoticesStore } from '../../core/content/ports';

export const SEEN_NOTICES_KEY = 'lavabo.notices.seen';

export class SessionStorageSeenNotices implements SeenNoticesStore {
  constructor(private readonly session: Storage) {}

  load(): readonly string[] {
    try {
      const parsed: unknown = JSON.parse(this.session.getItem(SEEN_NOTICES_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  }

  add(id: string): void {
    const seen = this.load();
    if (seen.includes(id)) return;
    try {
      this.session.setItem(SEEN_NOTICES_KEY, JSON.stringify([...seen, id].slice(-20)));
    } catch {
      // Storage unavailable: seen for this page only.
    }
  }
}
