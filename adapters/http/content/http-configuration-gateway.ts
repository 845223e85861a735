/**
 * ConfigurationGateway over `GET /config/global` (spec §7: the configuration client's 10 s
 * timeout), cached for 10 minutes in memory and in browser storage (spec §4, §9). A failed call is
 * only logged (spec §8): the last cached configuration is used, however old, else the built-in one.
 * Concurrent loads share one request.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import {
  isConfigurationFresh,
  type ConfigurationGateway,
  type StorefrontConfiguration,
} from '../../../core/content/configuration';
import type { Clock } from '../../../core/shared/clock';
import type { ApiClient } from '../api-client';
import {
  CachedConfigurationCodec,
  StorefrontConfigurationCodec,
  type CachedConfiguration,
} from './configuration.codec';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';

export const CONFIGURATION_STORAGE_KEY = 'lavabo.configuration';
export const CONFIGURATION_PATH = '/config/global';

export type Log = (message: string, error: unknown) => void;

const warn: Log = (message, error) => console.warn(message, error);

export class HttpConfigurationGateway implements ConfigurationGateway {
  private cached: CachedConfiguration | null = null;
  private inFlight: Promise<StorefrontConfiguration> | null = null;

  constructor(
    /** A client built with the configuration timeout (AppConfig.configTimeoutMs). */
    private readonly api: Pick<ApiClient, 'get'>,
    private readonly clock: Clock,
    private readonly storage: Storage,
    private readonly options: {
      readonly fallback?: StorefrontConfiguration;
      readonly log?: Log;
      readonly key?: string;
    } = {},
  ) {}

  load(): Promise<StorefrontConfiguration> {
    const now = this.clock.now();
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

  private async fetch(stale: CachedConfiguration | null): Promise<StorefrontConfiguration> {
    try {
      const configuration = await this.api.get(CONFIGURATION_PATH, StorefrontConfigurationCodec);
      const entry = { fetchedAt: this.clock.now(), configuration };
      this.cached = entry;
      this.writeStorage(entry);
      return configuration;
    } catch (error) {
      (this.options.log ?? warn)('Configuration could not be loaded; using a fallback.', error);
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
