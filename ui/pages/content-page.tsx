/**
 * Content pages (love your look, literature, contact us, press, newsletter, help and FAQ, finding
 * your model number), drawn from their content models.
 */
import { useMatches } from 'react-router';
import type { RouteId } from '../../core/content/routes';
import { ContentScreen, prepareContent } from '../content/content-screen';

const ContentPage = () => {
  const handle = useMatches().at(-1)?.handle as { routeId?: RouteId } | undefined;
  return <ContentScreen routeId={handle?.routeId ?? 'home'} />;
};

export const prepare = prepareContent;

export default ContentPage;
