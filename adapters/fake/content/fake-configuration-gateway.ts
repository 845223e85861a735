/** ConfigurationGateway in the tab for the offline demo: the seeded configuration. */
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import type { ConfigurationGateway } from '../../../core/content/ports';
import type { DemoData } from '../demo-data';

export class FakeConfigurationGateway implements ConfigurationGateway {
  constructor(private readonly data: Pick<DemoData, 'configuration'>) {}

  async load(): Promise<StorefrontConfiguration> {
    return this.data.configuration;
  }

  current(): StorefrontConfiguration {
    return this.data.configuration;
  }
}
