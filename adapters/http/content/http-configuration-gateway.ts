/**
 * ConfigurationGateway over `GET /config/global` (spec §7: the configuration client's 10 s
 * timeout), cached for 10 minutes in memory and in browser storage (spec §4, §9). The first load
 * takes the configuration the server inlined into the page when there is one (./inline-configuration.ts:
 * the API's own answer, fresh, with no token or configuration round trip); a missing or malformed
 * one falls back to the call. A failed call is only logged (spec §8): the last cached configuration
 * is used, however old, else the built-in one. Concurrent loads share one request.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import {
  isConfigurationFresh,
  type StorefrontConfiguration,
} from '../../../core/content/configuration';
import { type ConfigurationGateway } from '../../../core/content/ports';
import type { Clock } from '../../../core/shared/clock';
import type { ApiClient } from '../api-client';
import {
  CachedConfigurationCodec,
  StorefrontConfigurationCodec,
  type CachedConfiguration,
} from './configuration.codec';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { documentInlineConfiguration, parseInlineConfiguration } from './inline-configuration';

export const CONFIGURATION_STORAGE_KEY = 'lavabo.configuration';
export const CONFIGURATION_PATH = '/config/global';

export type Log = (message: string, error: unknown) => void;

const warn: Log = (message, error) => console.warn(message, error);

export class HttpConfigurationGateway implements ConfigurationGateway {
  private cached: CachedConfiguration | null = null;
  private inFlight: Promise<StorefrontConfiguration> | null = null;
  private inlineRead = false;

  constructor(
    /** A client built with the configuration timeout (AppConfig.configTimeoutMs). */
    private readonly api: Pick<ApiClient, 'get'>,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly options: {
      readonly fallback?: StorefrontConfiguration;
      readonly log?: Log;
      readonly key?: string;
      /** The inline configuration's text (default: the page's `#lavabo-config` element). */
      readonly inline?: () => string | null;
    } = {},
  ) {}

  load(): Promise<StorefrontConfiguration> {
    const now = this.clock.now();
    const inline = this.takeInline(now);
    if (inline !== null) return Promise.resolve(inline);
    const cached = this.cached ?? this.readStorage();
    if (cached !== null && isConfigurationFresh(cached.fetchedAt, now)) {
      this.cached = cached;
      return Promise.resolve(cached.configuration);
    }
    this.inFlight ??= this.fetch(cached).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /**
   * The configuration known right now, without waiting: the page's inline one, else the cached
   * one (however old), else the fallback. For what must be drawn at once, such as product links.
   */
  current(): StorefrontConfiguration {
    this.takeInline(this.clock.now());
    const cached = this.cached ?? this.readStorage();
    if (cached !== null) this.cached = cached;
    return cached?.configuration ?? this.options.fallback ?? DEFAULT_CONFIGURATION;
  }

  /**
   * The page's inline configuration, read on the first load only: it is what the server answered
   * as this page was served, so it is fresh now and replaces any stored copy.
   */
  private takeInline(now: number): StorefrontConfiguration | null {
    if (this.inlineRead) return null;
    this.inlineRead = true;
    const inline = parseInlineConfiguration((this.options.inline ?? documentInlineConfiguration)());
    if (inline.kind === 'malformed') {
      this.log('The inline configuration is malformed; asking the API.', inline.reason);
    }
    if (inline.kind !== 'found') return null;
    const entry = { fetchedAt: now, configuration: inline.configuration };
    this.cached = entry;
    this.writeStorage(entry);
    return inline.configuration;
  }

  private log(message: string, error: unknown): void {
    (this.options.log ?? warn)(message, error);
  }

  private async fetch(stale: CachedConfiguration | null): Promise<StorefrontConfiguration> {
    try {
      const configuration = await this.api.get(CONFIGURATION_PATH, StorefrontConfigurationCodec);
      const entry = { fetchedAt: this.clock.now(), configuration };
      this.cached = entry;
      this.writeStorage(entry);
      return configuration;
    } catch (error) {
      this.log('Configuration could not be loaded; using a fallback.', error);
      return stale?.configuration ?? this.options.fallback ?? DEFAULT_CONFIGURATION;
    }
  }

  private get key(): string {
    return this.options.key ?? CONFIGURATION_STORAGE_KEY;
  }

  private readStorage(): CachedConfiguration | null {
    try {
      const raw = this.storage.getItem(this.key);
      if (raw === null) return null;
      const decoded = CachedConfigurationCodec.decode(JSON.parse(raw));
      return isRight(decoded) ? decoded.right : null;
    } catch {
      return null;
    }
  }

  private writeStorage(entry: CachedConfiguration): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(entry));
    } catch {
      // Storage full or blocked: the memory copy still serves this page view.
    }
  }
}
