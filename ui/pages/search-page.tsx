/** Route `/en/search?keyword=…&sort=…&tab=…`: search results with facets, sort and pages. */
import { ListingPage } from '../catalog/listing/listing-page';

const SearchPage = () => <ListingPage kind="search" />;

export default SearchPage;
