/**
 * Content pages (love your look, literature, contact us, press, newsletter, help and FAQ, finding
 * your model number), drawn from their content models.
 */
import { useMatches } from 'react-router';
import type { RouteId } from '../../core/content/routes';
import { ContentScreen, prepareContent } from '../content/content-screen';
import { useReloadOnBack } from '../app/back-navigation';

const ContentPage = () => {
  const handle = useMatches().at(-1)?.handle as { routeId?: RouteId } | undefined;
  // Spec §2: help and FAQ reloads when the shopper comes back to it (the rule is core's).
  useReloadOnBack();
  return <ContentScreen routeId={handle?.routeId ?? 'home'} />;
};

export const prepare = prepareContent;

export default ContentPage;
