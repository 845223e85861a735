import { describe, expect, it } from 'vitest';
import {
  configuredScripts,
  isLoadableScriptSrc,
  LoadThirdPartyScripts,
} from '../../../core/analytics/load-third-party-scripts';
import type {
  DataLayerEvent,
  PageReadinessSignal,
  ScriptLoader,
  ThirdPartyScript,
} from '../../../core/analytics/ports';
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import type { ReadinessTrigger } from '../../../core/content/page-readiness';

class Readiness implements PageReadinessSignal {
  private resolve: (t: ReadinessTrigger) => void = () => undefined;
  private readonly signal = new Promise<ReadinessTrigger>((r) => (this.resolve = r));
  whenInteractive() {
    return this.signal;
  }
  fire(trigger: ReadinessTrigger) {
    this.resolve(trigger);
  }
}

class Loader implements ScriptLoader {
  readonly loaded: string[] = [];
  async load(script: ThirdPartyScript) {
    this.loaded.push(script.src);
    if (script.src.includes('broken')) throw new Error(`${script.src} did not load`);
  }
}

const configured = (scripts: readonly ThirdPartyScript[]) => ({
  load: async (): Promise<StorefrontConfiguration> => ({
    ...DEFAULT_CONFIGURATION,
    thirdPartyScripts: scripts,
  }),
});

const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

describe('third-party scripts (spec §4 page readiness)', () => {
  it('load nothing before readiness, then each in order, once, reporting a failure', async () => {
    const readiness = new Readiness();
    const loader = new Loader();
    const pushed: DataLayerEvent[] = [];
    const useCase = new LoadThirdPartyScripts(
      readiness,
      loader,
      { push: (e) => pushed.push(e) },
      configured([
        { src: '/third-party/a.js' },
        { src: 'https://tags.example/broken.js' },
        { src: 'javascript:alert(1)' },
        { src: '/third-party/b.js' },
      ]),
    );
    const run = useCase.execute();
    await flush();
    expect(loader.loaded).toEqual([]);
    expect(pushed).toEqual([]);
    readiness.fire('keydown');
    const results = await run;
    expect(await useCase.execute()).toBe(results);
    expect(loader.loaded).toEqual([
      '/third-party/a.js',
      'https://tags.example/broken.js',
      '/third-party/b.js',
    ]);
    expect(pushed).toEqual([
      { event: 'page_interactive', trigger: 'keydown' },
      {
        event: 'third_party_script_failed',
        script_src: 'https://tags.example/broken.js',
        reason: 'https://tags.example/broken.js did not load',
      },
    ]);
  });

  it('a configuration that cannot be read loads nothing, and does not throw', async () => {
    const readiness = new Readiness();
    const loader = new Loader();
    const useCase = new LoadThirdPartyScripts(
      readiness,
      loader,
      { push: () => undefined },
      {
        load: () => Promise.reject(new Error('offline')),
      },
    );
    readiness.fire('timeout');
    expect(await useCase.execute()).toEqual([]);
    expect(loader.loaded).toEqual([]);
  });

  it('takes https addresses and paths of the shop itself, nothing else', () => {
    for (const src of ['/third-party/demo-tag.js', 'https://tags.example/gtm.js?id=1']) {
      expect(isLoadableScriptSrc(src)).toBe(true);
    }
    for (const src of [
      'http://tags.example/x.js',
      '//tags.example/x.js',
      '/\\tags.example/x.js',
      'javascript:alert(1)',
      'data:text/javascript,1',
      'demo-tag.js',
      '',
    ]) {
      expect(isLoadableScriptSrc(src)).toBe(false);
    }
    expect(configuredScripts({})).toEqual([]);
  });
});
