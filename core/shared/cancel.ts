/**
 * A request that may be abandoned (the shopper typed on, left the page). Structurally the part of
 * the platform's AbortSignal that core needs, so core stays free of DOM types.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
