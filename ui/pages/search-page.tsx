/** Route `/en/search?keyword=…&sort=…&tab=…`: search results with facets, sort and pages. */
import { ListingPage, prepareListing } from '../catalog/listing/listing-page';

const SearchPage = () => <ListingPage kind="search" />;

export const prepare = prepareListing('search');

export default SearchPage;
