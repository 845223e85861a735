/**
 * Analytics bindings (./areas.ts area `analytics`): the use cases (core/analytics), the same in
 * every build, and the browser's adapters — `window.dataLayer`, `<script async>` elements, the
 * readiness listeners and the window's timers. The offline demo's fakes are analyticsFakeModule
 * in ./fake-adapters.ts. Loaded after hydration by ui/analytics/analytics-host.tsx, so none of it
 * is in the entry bundle or on the first render's path.
 */
import { ContainerModule } from 'inversify';
import { AnalyticsUseCases } from '../../core/analytics/analytics-use-cases';
import { LoadThirdPartyScripts } from '../../core/analytics/load-third-party-scripts';
import type {
  DataLayer,
  PageReadinessSignal,
  ScriptLoader,
  Timers,
} from '../../core/analytics/ports';
import type { ConfigurationGateway } from '../../core/content/ports';
import { DomPageReadiness } from '../browser/analytics/dom-page-readiness';
import { ScriptElementLoader } from '../browser/analytics/script-element-loader';
import { WindowDataLayer, type DataLayerHost } from '../browser/analytics/window-data-layer';
import { TYPES } from './types';

export const analyticsModule = new ContainerModule(({ bind }) => {
  bind<LoadThirdPartyScripts>(LoadThirdPartyScripts)
    .toResolvedValue(
      (
        readiness: PageReadinessSignal,
        loader: ScriptLoader,
        dataLayer: DataLayer,
        configuration: ConfigurationGateway,
      ) => new LoadThirdPartyScripts(readiness, loader, dataLayer, configuration),
      [TYPES.PageReadinessSignal, TYPES.ScriptLoader, TYPES.DataLayer, TYPES.ConfigurationGateway],
    )
    .inSingletonScope();
  bind<AnalyticsUseCases>(TYPES.AnalyticsUseCases)
    .toResolvedValue(
      (scripts: LoadThirdPartyScripts, dataLayer: DataLayer, timers: Timers) =>
        new AnalyticsUseCases(scripts, dataLayer, timers),
      [LoadThirdPartyScripts, TYPES.DataLayer, TYPES.AnalyticsTimers],
    )
    .inSingletonScope();
});

/** The window's own timers. */
export const windowTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The page's readiness, from the browser's events and the time since the page started. */
export const analyticsReadinessModule = new ContainerModule(({ bind }) => {
  bind<Timers>(TYPES.AnalyticsTimers).toConstantValue(windowTimers);
  bind<PageReadinessSignal>(TYPES.PageReadinessSignal)
    .toResolvedValue(
      (timers: Timers) =>
        new DomPageReadiness(globalThis as unknown as EventTarget, timers, () => performance.now()),
      [TYPES.AnalyticsTimers],
    )
    .inSingletonScope();
});

/** The shop's data layer and script loader: the real page's. */
export const analyticsBrowserModule = new ContainerModule(({ bind }) => {
  // The window is read only when a script or event goes to it: resolving works on the server too.
  bind<DataLayer>(TYPES.DataLayer)
    .toResolvedValue(() => new WindowDataLayer(globalThis as DataLayerHost))
    .inSingletonScope();
  bind<ScriptLoader>(TYPES.ScriptLoader)
    .toResolvedValue(
      (timers: Timers) => new ScriptElementLoader(() => globalThis.document, timers),
      [TYPES.AnalyticsTimers],
    )
    .inSingletonScope();
});
