/**
 * Category landings (`/en/bathroom`, `/en/kitchen`, `/en/service-parts`, `/en/design-services`,
 * `/en/install-services`), drawn from their content models.
 */
import { useMatches } from 'react-router';
import type { RouteId } from '../../core/content/routes';
import { ContentScreen, prepareContent } from '../content/content-screen';

const LandingPage = () => {
  const handle = useMatches().at(-1)?.handle as { routeId?: RouteId } | undefined;
  return <ContentScreen routeId={handle?.routeId ?? 'bathroom'} />;
};

export const prepare = prepareContent;

export default LandingPage;
