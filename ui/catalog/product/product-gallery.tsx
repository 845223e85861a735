import { observer } from 'mobx-react-lite';
import { IMAGE_SIZES, ProductImage } from '../../components/product-image';
import type { ProductViewModel } from './product-view-model';

/** The main image (eager, high priority: it is the page's largest paint) and a thumbnail strip. */
export const ProductGallery = observer(({ vm }: { vm: ProductViewModel }) => {
  const main = vm.mainImage;
  const images = vm.images;
  if (main === null) return null;
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage
          className="gallery__image"
          src={main.url}
          alt={vm.mainImageAlt}
          width={768}
          height={768}
          priority
          sizes={IMAGE_SIZES.gallery}
        />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image) => {
            const current = image.url === main.url;
            return (
              <li key={image.url}>
                <button
                  type="button"
                  className={`gallery__thumb${current ? ' gallery__thumb--current' : ''}`}
                  aria-label={`Show image: ${image.label}`}
                  aria-pressed={current}
                  onClick={() => vm.chooseImage(image.url)}
                >
                  <ProductImage src={image.url} alt="" width={72} height={72} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
});
