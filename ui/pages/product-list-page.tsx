/** Route `/en/products/:category`: one category's products with facets, sort and pages. */
import { ListingPage } from '../catalog/listing/listing-page';

const ProductListPage = () => <ListingPage kind="productList" />;

export default ProductListPage;
