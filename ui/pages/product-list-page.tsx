/** Route `/en/products/:category`: one category's products with facets, sort and pages. */
import { ListingPage, prepareListing } from '../catalog/listing/listing-page';

const ProductListPage = () => <ListingPage kind="productList" />;

export const prepare = prepareListing('productList');

export default ProductListPage;
