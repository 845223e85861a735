/** Route `/en`: the home page, drawn from its content model. */
import { ContentScreen } from '../content/content-screen';

const HomePage = () => <ContentScreen routeId="home" />;

export default HomePage;
