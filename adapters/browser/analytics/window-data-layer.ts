/**
 * DataLayer over the page's `window.dataLayer`, the array tag managers read. Each push goes through
 * the array's own `push` at the time, since a tag manager, once loaded, replaces it with one that
 * also processes the message; before that the messages wait in the array for it.
 */
import type { DataLayer, DataLayerEvent } from '../../../core/analytics/ports';

export interface DataLayerHost {
  dataLayer?: unknown[];
}

export class WindowDataLayer implements DataLayer {
  constructor(private readonly host: DataLayerHost) {}

  push(event: DataLayerEvent): void {
    const layer = Array.isArray(this.host.dataLayer) ? this.host.dataLayer : [];
    this.host.dataLayer = layer;
    layer.push(event);
  }
}
