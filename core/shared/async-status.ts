/**
 * Spec §4: every call moves through loading → succeeded | failed; cart and checkout calls use
 * pending instead of loading. `idle` is the state before the first call.
 */
export type AsyncStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export type CartStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export const isSettled = (s: AsyncStatus | CartStatus): boolean =>
  s === 'succeeded' || s === 'failed';
