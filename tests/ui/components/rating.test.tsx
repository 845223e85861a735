import { cleanup, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Rating } from '../../../ui/components/rating';

afterEach(cleanup);

describe('Rating', () => {
  it('says "from 1 review", never "1 reviews" (issue 12)', () => {
    render(<Rating rating={4} count={1} />);
    expect(screen.getByText('Rated 4.0 out of 5 from 1 review')).toBeTruthy();
  });

  it('counts more than one review in the plural', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5000 }), (count) => {
        const { container, unmount } = render(<Rating rating={3.5} count={count} />);
        expect(container.textContent).toContain(`from ${count} reviews`);
        unmount();
      }),
      { numRuns: 20 },
    );
  });
});
