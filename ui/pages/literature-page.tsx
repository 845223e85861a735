/**
 * The literature page (`/en/literature`): its content model, with the collections' documents
 * below the hero (ui/literature/literature-library.tsx).
 */
import { ContentScreen, prepareContent } from '../content/content-screen';
import { LiteratureLibrary } from '../literature/literature-library';

const LiteraturePage = () => (
  <ContentScreen routeId="literature" afterHero={<LiteratureLibrary />} />
);

export const prepare = prepareContent;

export default LiteraturePage;
