/**
 * Spec §4 Page readiness and §9: the page becomes interactive on the first of mouseover, keydown,
 * touch, scroll, click, or 5 seconds; third-party global scripts then load one after another.
 * The adapter listens for the events and runs the timer; this module decides and sequences.
 *
 * Readings we chose (docs/rules.md): "touch" is touchstart; the first trigger wins and
 * later ones change nothing (scripts load once); a script that fails to load does not stop the
 * ones after it — each still waits for the one before to settle.
 */
export const PAGE_INTERACTIVE_FALLBACK_MS = 5000;

export const INTERACTION_EVENTS = [
  'mouseover',
  'keydown',
  'touchstart',
  'scroll',
  'click',
] as const;

export type InteractionEvent = (typeof INTERACTION_EVENTS)[number];
export type ReadinessTrigger = InteractionEvent | 'timeout';

export type PageReadiness =
  | { readonly interactive: false }
  | { readonly interactive: true; readonly trigger: ReadinessTrigger };

export const initialPageReadiness: PageReadiness = { interactive: false };

export const pageReadinessReducer = (
  state: PageReadiness,
  trigger: ReadinessTrigger,
): PageReadiness => (state.interactive ? state : { interactive: true, trigger });

/** True exactly on the step that made the page interactive: the moment to start the scripts. */
export const becameInteractive = (before: PageReadiness, after: PageReadiness): boolean =>
  !before.interactive && after.interactive;

/** The 5 s fallback is due once that long has passed since the page started. */
export const isFallbackDue = (
  startedAt: number,
  now: number,
  fallbackMs: number = PAGE_INTERACTIVE_FALLBACK_MS,
): boolean => now - startedAt >= fallbackMs;

export interface ThirdPartyScript {
  readonly src: string;
  readonly id?: string;
}

/** Port: puts one script on the page and settles when it has loaded or failed. */
export interface ScriptLoader {
  load(script: ThirdPartyScript): Promise<void>;
}

export type ScriptLoadResult =
  | { readonly script: ThirdPartyScript; readonly loaded: true }
  | { readonly script: ThirdPartyScript; readonly loaded: false; readonly error: unknown };

/**
 * Load the scripts strictly one after another, in the given order; `onSettled` hears each as it
 * settles (to report a failure at once). Never rejects.
 */
export const loadScriptsInOrder = async (
  loader: ScriptLoader,
  scripts: readonly ThirdPartyScript[],
  onSettled: (result: ScriptLoadResult) => void = () => undefined,
): Promise<readonly ScriptLoadResult[]> => {
  const results: ScriptLoadResult[] = [];
  for (const script of scripts) {
    let result: ScriptLoadResult;
    try {
      await loader.load(script);
      result = { script, loaded: true };
    } catch (error) {
      result = { script, loaded: false, error };
    }
    results.push(result);
    onSettled(result);
  }
  return results;
};
