/**
 * The analytics fakes for the offline demo and the tests: a data layer in memory, and a script
 * loader that loads nothing from anywhere. Like the server's demo tags
 * (server/analytics/demo-tags.ts), each script it "loads" leaves a `demo_tag_loaded` marker in the
 * data layer, so the demo shows the scripts' turn come without a network.
 */
import type {
  DataLayer,
  DataLayerEvent,
  ScriptLoader,
  ThirdPartyScript,
} from '../../../core/analytics/ports';

export class InMemoryDataLayer implements DataLayer {
  readonly events: DataLayerEvent[] = [];

  push(event: DataLayerEvent): void {
    this.events.push(event);
  }
}

export class FakeScriptLoader implements ScriptLoader {
  readonly loaded: string[] = [];

  constructor(
    private readonly dataLayer: DataLayer,
    /** Scripts that fail, by src. */
    private readonly failing: ReadonlySet<string> = new Set(),
  ) {}

  async load(script: ThirdPartyScript): Promise<void> {
    this.loaded.push(script.src);
    if (this.failing.has(script.src)) {
      throw new Error(`The third-party script ${script.src} failed to load`);
    }
    this.dataLayer.push({ event: 'demo_tag_loaded', tag: script.id ?? script.src });
  }
}
