import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../ui/app/error-boundary';

afterEach(cleanup);

let broken = true;
const Fragile = () => {
  if (broken) throw new Error('render failed');
  return <p>All good</p>;
};

describe('render-error fallback', () => {
  it("shows 'Oops, there is an error!' and recovers with 'Try again?'", () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops, there is an error!');
    broken = false;
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again?' }));
    });
    expect(screen.getByText('All good')).toBeTruthy();
    quiet.mockRestore();
  });

  it('clears the error when the reset key changes (navigation)', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const { rerender } = render(
      <ErrorBoundary resetKey="/en/a">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeNull();
    broken = false;
    rerender(
      <ErrorBoundary resetKey="/en/b">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });
});
