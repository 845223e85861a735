/**
 * Issue 15 (no layout shift, images): every image has its box before it loads; the images of the
 * first screen (a list's first tiles, the product's main image) are fetched at once and first,
 * every other one waits until it nears the window; an image that fails is retried without webp,
 * then replaced by a placeholder (spec §8). And the list's first render already has its heading
 * and skeleton, so nothing moves when the view model learns the URL.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, ProductImage } from '../../../ui/components/product-image';
import ProductDetailsPage from '../../../ui/pages/product-details-page';
import { finish, InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { firstRenderOfListing, renderListing } from '../listing/harness';
import { renderApp, setViewportWidth } from '../product/harness';

beforeEach(() => setViewportWidth(1280));
afterEach(cleanup);

const attributes = (img: Element) => ({
  loading: img.getAttribute('loading'),
  fetchpriority: img.getAttribute('fetchpriority'),
  decoding: img.getAttribute('decoding'),
});
const LAZY = { loading: 'lazy', fetchpriority: null, decoding: 'async' };
const FIRST = { loading: 'eager', fetchpriority: 'high', decoding: 'async' };

describe('ProductImage', () => {
  it('is lazy by default and sized by its width and height, with the same ratio for CSS', () => {
    render(
      <ProductImage src="/images/products/K-1-CP.svg" alt="Faucet" width={400} height={300} />,
    );
    const img = screen.getByRole('img', { name: 'Faucet' });
    expect(attributes(img)).toEqual(LAZY);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '300']);
    expect(img.style.getPropertyValue('--image-ratio')).toBe('400 / 300');
  });

  it('with priority loads at once and first', () => {
    render(<ProductImage src="/a.svg" alt="Hero" width={1200} height={600} priority />);
    expect(attributes(screen.getByRole('img', { name: 'Hero' }))).toEqual(FIRST);
  });

  it('retries a failed webp without webp, then shows the placeholder (spec §8)', () => {
    render(<ProductImage src="/i/k.webp" alt="Sink" width={10} height={10} />);
    const img = screen.getByRole('img', { name: 'Sink' });
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/i/k.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    // Still sized: the placeholder takes the same box.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['10', '10']);
  });
});

describe('the product list', () => {
  const images = () => [...document.querySelectorAll('main article.product-tile img')];
  const loaded = () =>
    waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());

  it('first renders with its heading and the tile skeleton, not an empty page', () => {
    const html = firstRenderOfListing({ url: '/en/products/kitchen-faucets' });
    expect(html).toMatch(/<h1[^>]*>Kitchen Faucets<\/h1>/);
    expect(html).toContain('product-tile--skeleton');
  });

  it('first renders a search with its heading and skeleton, not the search prompt', () => {
    const html = firstRenderOfListing({ url: '/en/search?keyword=faucet' });
    expect(html).toMatch(/<h1[^>]*>Search results for “faucet”<\/h1>/);
    expect(html).toContain('product-tile--skeleton');
    expect(html).not.toContain('What are you looking for?');
  });

  it('fetches the first row of page 1 at once and first, and the other tiles lazily', async () => {
    renderListing({ url: '/en/products/kitchen-faucets' });
    await loaded();
    const all = images();
    expect(all).toHaveLength(30);
    expect(all.slice(0, 4).map(attributes)).toEqual(Array(4).fill(FIRST));
    expect(all.slice(4).map(attributes)).toEqual(Array(26).fill(LAZY));
    expect(new Set(all.map((img) => img.getAttribute('sizes')))).toEqual(
      new Set([IMAGE_SIZES.listingTile]),
    );
  });

  it('fetches every tile of a later page lazily (the shopper arrives scrolled to the grid)', async () => {
    renderListing({ url: '/en/products/kitchen-faucets?page=2' });
    await loaded();
    expect(images().length).toBeGreaterThan(0);
    expect(images().map(attributes)).toEqual(Array(images().length).fill(LAZY));
  });
});

describe('the product page', () => {
  it('fetches the main image at once and first, and the thumbnails lazily', async () => {
    const product = makeProduct('K-4120', {
      slug: 'avelle-faucet-k-4120',
      title: 'Avelle Faucet',
      finishes: [finish('K-4120', 'CP', 'Polished Chrome'), finish('K-4120', 'BL', 'Matte Black')],
    });
    renderApp({
      catalog: new InMemoryCatalog([product]),
      routes: [{ path: '/en/products/:category/:slug', Component: ProductDetailsPage }],
      url: '/en/products/kitchen-faucets/avelle-faucet-k-4120.html',
    });
    await screen.findByRole('heading', { level: 1, name: 'Avelle Faucet' });
    const main = document.querySelector('img.gallery__image');
    expect(main).not.toBeNull();
    expect(attributes(main as Element)).toEqual(FIRST);
    expect(main?.getAttribute('sizes')).toBe(IMAGE_SIZES.gallery);
    const thumbs = [...document.querySelectorAll('.gallery__thumbs img')];
    expect(thumbs.length).toBeGreaterThan(1);
    expect(thumbs.map(attributes)).toEqual(Array(thumbs.length).fill(LAZY));
  });
});
