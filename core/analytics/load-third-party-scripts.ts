/**
 * Spec §4 Page readiness: once the page is interactive (the first of mouseover, keydown, touch,
 * scroll, click, or 5 s: core/content/page-readiness.ts), the configured third-party scripts load
 * one after another. Nothing starts before readiness, and it all happens once per visit to the
 * app, however often it is asked. A script that fails is told to the data layer; the rest load.
 */
import type { StorefrontConfiguration } from '../content/configuration';
import {
  loadScriptsInOrder,
  type ScriptLoadResult,
  type ScriptLoader,
  type ThirdPartyScript,
} from '../content/page-readiness';
import type { ConfigurationGateway } from '../content/ports';
import { PAGE_INTERACTIVE_EVENT, SCRIPT_FAILED_EVENT } from './events';
import type { DataLayer, PageReadinessSignal } from './ports';

/**
 * A script the storefront may put on its pages: an https address, or a path on the shop's own
 * origin ("/third-party/demo-tag.js"). Anything else (http:, javascript:, data:, "//host") is not.
 */
export const isLoadableScriptSrc = (src: string): boolean =>
  /^\/(?![/\\])[^\s\\]*$/.test(src) || /^https:\/\/[^\s/?#\\@]+(?:[/?#][^\s\\]*)?$/i.test(src);

/** The configured scripts the storefront may load, in their order; others are left out. */
export const configuredScripts = (
  configuration: Pick<StorefrontConfiguration, 'thirdPartyScripts'>,
): readonly ThirdPartyScript[] =>
  (configuration.thirdPartyScripts ?? []).filter((script) => isLoadableScriptSrc(script.src));

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export class LoadThirdPartyScripts {
  private run: Promise<readonly ScriptLoadResult[]> | null = null;

  constructor(
    private readonly readiness: PageReadinessSignal,
    private readonly loader: ScriptLoader,
    private readonly dataLayer: DataLayer,
    private readonly configuration: ConfigurationGateway,
  ) {}

  /** Waits for readiness, then loads the scripts; the same run for every caller. Never rejects. */
  execute(): Promise<readonly ScriptLoadResult[]> {
    this.run ??= this.start();
    return this.run;
  }

  private async start(): Promise<readonly ScriptLoadResult[]> {
    const [scripts, trigger] = await Promise.all([
      this.configuration.load().then(configuredScripts, () => []),
      this.readiness.whenInteractive(),
    ]);
    this.dataLayer.push({ event: PAGE_INTERACTIVE_EVENT, trigger });
    return loadScriptsInOrder(this.loader, scripts, (result) => {
      if (!result.loaded) {
        this.dataLayer.push({
          event: SCRIPT_FAILED_EVENT,
          script_src: result.script.src,
          reason: reasonOf(result.error),
        });
      }
    });
  }
}
