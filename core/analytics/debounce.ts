import type { Timers } from './ports';

/** Runs `run` once, `ms` after the last call to `call`; `cancel` forgets a pending run. */
export interface Debounced {
  call(): void;
  cancel(): void;
  readonly pending: boolean;
}

export const debounce = (timers: Timers, ms: number, run: () => void): Debounced => {
  let handle: unknown = null;
  let pending = false;
  const cancel = () => {
    if (pending) timers.clearTimeout(handle);
    pending = false;
    handle = null;
  };
  return {
    call() {
      cancel();
      pending = true;
      handle = timers.setTimeout(() => {
        pending = false;
        handle = null;
        run();
      }, ms);
    },
    cancel,
    get pending() {
      return pending;
    },
  };
};
