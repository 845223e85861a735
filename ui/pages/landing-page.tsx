/**
 * Category landings (`/en/bathroom`, `/en/kitchen`, `/en/service-parts`, `/en/design-services`,
 * `/en/install-services`), drawn from their content models.
 */
import { useMatches } from 'react-router';
import type { RouteId } from '../../core/content/routes';
import { ContentScreen, prepareContent } from '../content/content-screen';
import { SelectedService } from '../content/selected-service';

/** Landings whose links name a service (spec §2 `service`). */
const SERVICE_LANDINGS: readonly RouteId[] = ['designServicesLanding', 'installServicesLanding'];

const LandingPage = () => {
  const handle = useMatches().at(-1)?.handle as { routeId?: RouteId } | undefined;
  const routeId = handle?.routeId ?? 'bathroom';
  return SERVICE_LANDINGS.includes(routeId) ? (
    <ContentScreen routeId={routeId} afterHero={<SelectedService />} />
  ) : (
    <ContentScreen routeId={routeId} />
  );
};

export const prepare = prepareContent;

export default LandingPage;
