/**
 * Newsletter bindings (./areas.ts area `newsletter`): the use cases (core/newsletter), the same in
 * both builds, and the gateway over HTTP. The offline demo's in-tab fake is newsletterFakeModule in
 * ./fake-adapters.ts. Loaded by the newsletter page's route and by the campaign dialog when it
 * first opens, so neither is in the entry bundle.
 */
import { ContainerModule } from 'inversify';
import type { NewsletterGateway } from '../../core/newsletter/ports';
import {
  ConfirmNewsletter,
  SubscribeToNewsletter,
  UnsubscribeFromNewsletter,
} from '../../core/newsletter/subscribe';
import type { ApiClient } from '../http/api-client';
import { HttpNewsletterGateway } from '../http/newsletter/http-newsletter-gateway';
import { TYPES } from './types';

export const newsletterModule = new ContainerModule(({ bind }) => {
  bind<SubscribeToNewsletter>(TYPES.SubscribeToNewsletter)
    .toResolvedValue(
      (gateway: NewsletterGateway) => new SubscribeToNewsletter(gateway),
      [TYPES.NewsletterGateway],
    )
    .inSingletonScope();
  bind<ConfirmNewsletter>(TYPES.ConfirmNewsletter)
    .toResolvedValue(
      (gateway: NewsletterGateway) => new ConfirmNewsletter(gateway),
      [TYPES.NewsletterGateway],
    )
    .inSingletonScope();
  bind<UnsubscribeFromNewsletter>(TYPES.UnsubscribeFromNewsletter)
    .toResolvedValue(
      (gateway: NewsletterGateway) => new UnsubscribeFromNewsletter(gateway),
      [TYPES.NewsletterGateway],
    )
    .inSingletonScope();
});

export const newsletterHttpModule = new ContainerModule(({ bind }) => {
  bind<NewsletterGateway>(TYPES.NewsletterGateway)
    .toResolvedValue((api: ApiClient) => new HttpNewsletterGateway(api), [TYPES.ApiClient])
    .inSingletonScope();
});
