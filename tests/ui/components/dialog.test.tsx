/**
 * The shared modal Dialog on its own: rendered into <body> with the page behind inert and not
 * scrolling, named by its title, focus in on open (first control, or the close button) and again
 * when its content is swapped, Tab kept inside, and Escape, the backdrop or the close button
 * closing it with focus back on the opener — all undone on close.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, type DialogProps } from '../../../ui/components/dialog';

afterEach(cleanup);

type Options = Partial<Pick<DialogProps, 'initialFocus'>> & {
  /** Give the opener as returnFocus (a click that does not focus its button, as in Safari). */
  readonly passOpener?: boolean;
  readonly withoutClose?: boolean;
};

const Harness = ({ initialFocus, passOpener = false, withoutClose = false }: Options) => {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState('one');
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <div>
      <button ref={opener} type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p id="about">What happens next.</p>
      {open && (
        <Dialog
          block="test-dialog"
          title={`Step ${step}`}
          closeLabel={withoutClose ? undefined : 'Close'}
          describedBy="about"
          initialFocus={initialFocus}
          contentKey={step}
          returnFocus={passOpener ? opener : undefined}
          onClose={() => setOpen(false)}
          footer={<button type="button">Done</button>}
        >
          <label>
            {`Field ${step}`}
            <input />
          </label>
          <button type="button" onClick={() => setStep('two')}>
            Next
          </button>
        </Dialog>
      )}
    </div>
  );
};

const open = (options: Options = {}) => {
  const view = render(<Harness {...options} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { ...view, opener, dialog: screen.getByRole('dialog', { name: 'Step one' }) };
};

describe('Dialog', () => {
  it('is a modal named by its title, in <body>, with the page behind inert and still', () => {
    const { container, dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe('about');
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.closest('body > *')?.parentElement).toBe(document.body);
    expect(container.hasAttribute('inert')).toBe(true);
    expect(container.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('moves focus to the first control of its body, and again when the content is swapped', () => {
    const { dialog } = open();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Field one'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const swapped = screen.getByRole('dialog', { name: 'Step two' });
    expect(document.activeElement).toBe(within(swapped).getByLabelText('Field two'));
  });

  it('starts on the close button when asked to', () => {
    const { dialog } = open({ initialFocus: 'close' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('keeps Tab inside: from the last control to the first and back', () => {
    const { dialog } = open();
    const first = within(dialog).getByRole('button', { name: 'Close' });
    const last = within(dialog).getByRole('button', { name: 'Done' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it.each([
    ['Escape', (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' })],
    [
      'the close button',
      (dialog: HTMLElement) =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })),
    ],
    [
      'the backdrop',
      (dialog: HTMLElement) =>
        fireEvent.click(dialog.parentElement?.querySelector('.test-dialog__backdrop') ?? dialog),
    ],
  ])('closes on %s, gives focus back to the opener and undoes the rest', (_, close) => {
    const { container, dialog } = open();
    close(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
    expect(container.hasAttribute('inert')).toBe(false);
    expect(container.hasAttribute('aria-hidden')).toBe(false);
    expect(document.body.style.overflow).toBe('');
  });

  it('gives focus back to the opener it was given even if the click did not focus it', () => {
    render(<Harness passOpener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    fireEvent.click(opener); // not focused first
    const dialog = screen.getByRole('dialog', { name: 'Step one' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(document.activeElement).toBe(opener);
  });

  it('has no close button without a name for it', () => {
    const { dialog } = open({ withoutClose: true });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
