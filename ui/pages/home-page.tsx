/** Route `/en`: the home page, drawn from its content model. */
import { ContentScreen, prepareContent } from '../content/content-screen';

const HomePage = () => <ContentScreen routeId="home" />;

export const prepare = prepareContent;

export default HomePage;
