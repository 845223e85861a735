/**
 * ScriptLoader that puts `<script async src>` into the document's head and settles on the
 * element's `load` (resolves) or `error` (rejects, and says so on the console), or rejects when the
 * script has not answered in time, so one stuck script cannot hold back the ones after it. The
 * element carries `data-third-party` so it can be told from the shop's own scripts.
 */
import type { ScriptLoader, ThirdPartyScript, Timers } from '../../../core/analytics/ports';

/** A script that has neither loaded nor failed by then counts as failed. */
export const SCRIPT_LOAD_TIMEOUT_MS = 15_000;

export class ScriptElementLoader implements ScriptLoader {
  constructor(
    private readonly document: () => Document,
    private readonly timers: Timers,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
    private readonly timeoutMs: number = SCRIPT_LOAD_TIMEOUT_MS,
  ) {}

  load(script: ThirdPartyScript): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const element = this.document().createElement('script');
      element.async = true;
      element.src = script.src;
      element.dataset.thirdParty = '';
      if (script.id !== undefined) element.id = script.id;
      let timer: unknown = null;
      const settle = (error: Error | null) => {
        element.removeEventListener('load', onLoad);
        element.removeEventListener('error', onError);
        this.timers.clearTimeout(timer);
        if (error === null) {
          resolve();
          return;
        }
        this.warn(error.message);
        reject(error);
      };
      const onLoad = () => settle(null);
      const onError = () =>
        settle(new Error(`The third-party script ${script.src} failed to load`));
      element.addEventListener('load', onLoad);
      element.addEventListener('error', onError);
      timer = this.timers.setTimeout(
        () =>
          settle(
            new Error(
              `The third-party script ${script.src} did not load within ${this.timeoutMs} ms`,
            ),
          ),
        this.timeoutMs,
      );
      this.document().head.appendChild(element);
    });
  }
}
