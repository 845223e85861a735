/**
 * The literature page (/en/literature): the content model's parts kept, the collections' documents
 * listed by family with named checkboxes, filtered by kind; "Download selected" asks for one zip of
 * the selection and saves it under the server's name; a PDF's "Download" toasts "Download
 * success" or "Download failed. Please try again."; a zip failure is an alert; loading, error and
 * empty states. Over the demo's fake gateway, with failures a test can switch on.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeContentRepository } from '../../../adapters/fake/content/fake-content-repository';
import { FakeLiteratureGateway } from '../../../adapters/fake/literature/fake-literature-gateway';
import { PageModelCodec } from '../../../adapters/http/content/page-model.codec';
import { decodeOrThrow } from '../../../adapters/http/decode';
import type { LiteratureDocument } from '../../../core/literature/literature';
import {
  LiteratureDownloadError,
  type DownloadedFile,
  type LiteratureGateway,
  type LiteratureList,
} from '../../../core/literature/ports';
import { ContainerProvider } from '../../../ui/app/container-context';
import { ZIP_FAILED, ZIP_NAME } from '../../../ui/literature/literature-view-model';
import LiteraturePage from '../../../ui/pages/literature-page';
import { Toaster } from '../../../ui/shell/toaster-view';
import LITERATURE_JSON from '../../../server/content/en/literature.json';
import { testContainer } from '../support/test-container';

const LITERATURE = decodeOrThrow(PageModelCodec, LITERATURE_JSON, 'en/literature.json');

const PRODUCTS = [
  { sku: 'K-4120', title: 'Avelle Pull-Down Kitchen Faucet', collection: 'Avelle' },
  { sku: 'K-2210', title: 'Avelle Undermount Sink', collection: 'Avelle' },
  { sku: 'K-3152', title: 'Oriel Two-Piece Toilet', collection: 'Oriel' },
  { sku: 'K-9000', title: 'Plain Plunger', collection: null },
];

class TestGateway implements LiteratureGateway {
  readonly inner = new FakeLiteratureGateway(PRODUCTS);
  listFailures = 0;
  empty = false;
  /** The list answers once this resolves. */
  hold: Promise<void> = Promise.resolve();
  failPdf = false;
  /** null: the fake's own zip. */
  zipAnswer: DownloadedFile | Error | null = null;
  readonly zips: { files: readonly string[]; name: string }[] = [];

  async list(): Promise<LiteratureList> {
    await this.hold;
    if (this.listFailures > 0) {
      this.listFailures -= 1;
      throw new Error('offline');
    }
    return this.empty ? { families: [], documents: [] } : this.inner.list();
  }
  async downloadPdf(doc: Pick<LiteratureDocument, 'file'>): Promise<DownloadedFile> {
    if (this.failPdf) throw new LiteratureDownloadError('The download failed');
    return this.inner.downloadPdf(doc);
  }
  async downloadZip(files: readonly string[], name: string): Promise<DownloadedFile> {
    this.zips.push({ files, name });
    if (this.zipAnswer === null) return this.inner.downloadZip(files, name);
    if (this.zipAnswer instanceof Error) throw this.zipAnswer;
    return this.zipAnswer;
  }
}

/** What the browser was handed to save: [file name, blob URL]. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPage = (gateway = new TestGateway()) => {
  const container = testContainer({
    overrides: {
      ContentRepository: new FakeContentRepository({ pages: { [LITERATURE.path]: LITERATURE } }),
      LiteratureGateway: gateway,
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/en/literature',
        handle: { routeId: 'literature' },
        element: (
          <>
            <LiteraturePage />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: ['/en/literature'] },
  );
  render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return gateway;
};

const toastRegion = () =>
  screen.getAllByRole('status').find((el) => el.classList.contains('toast-region'));
const documentsShown = () => screen.findByRole('checkbox', { name: 'Avelle Specification Sheet' });

describe('the literature page', () => {
  it('keeps the content model and lists each collection’s documents with named checkboxes', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Literature' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Technical specifications' })).toBeTruthy();
    await documentsShown();
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Avelle Collection',
      'Oriel Collection',
    ]);
    const avelle = groups[0] as HTMLElement;
    expect(
      within(avelle)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('id')),
    ).toHaveLength(3);
    expect(
      within(avelle)
        .getAllByRole('button', { name: /^Download / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Download Avelle Specification Sheet',
      'Download Avelle Installation Guide',
      'Download Avelle Care Guide',
    ]);
    expect(screen.getByText('No documents selected')).toBeTruthy();
  });

  it('filters by kind', async () => {
    renderPage();
    await documentsShown();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'care-guide' } });
    expect(
      screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-describedby')),
    ).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Oriel Care Guide' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Oriel Specification Sheet' })).toBeNull();
  });

  it('downloads the selection as one zip saved under the server’s name, with a toast', async () => {
    const gateway = renderPage();
    gateway.zipAnswer = { fileName: 'Lavabo literature.zip', body: new Blob(['PK']) };
    await documentsShown();
    const button = screen.getByRole('button', { name: 'Download selected' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oriel Care Guide' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Avelle Installation Guide' }));
    expect(screen.getByText('2 documents selected')).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['Lavabo literature.zip']));
    // In the list's order, whatever the order of the clicks.
    expect(gateway.zips).toEqual([
      { files: ['avelle-installation-guide.pdf', 'oriel-care-guide.pdf'], name: ZIP_NAME },
    ]);
    expect(toastRegion()?.textContent).toContain('Download success');
  });

  it('says so when the zip fails: an alert by the button and the failure toast', async () => {
    const gateway = renderPage();
    await documentsShown();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oriel Care Guide' }));
    // A refusal in the shopper's words is shown as it is.
    const inShoppersWords = 'Downloads are paused for a few minutes. Please try again soon.';
    gateway.zipAnswer = new LiteratureDownloadError(inShoppersWords, null, true);
    fireEvent.click(screen.getByRole('button', { name: 'Download selected' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(inShoppersWords));
    expect(toastRegion()?.textContent).toContain('Download failed. Please try again.');
    // A server failure: the shopper's words, not the server's.
    gateway.zipAnswer = new LiteratureDownloadError('files[0] names no document: x', 'files[0]');
    fireEvent.click(screen.getByRole('button', { name: 'Download selected' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ZIP_FAILED));
    expect(saved).toEqual([]);
    // Changing the selection clears the alert.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Oriel Care Guide' }));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('downloads one PDF as a blob: "Download success", or "Download failed. Please try again."', async () => {
    const gateway = renderPage();
    await documentsShown();
    fireEvent.click(screen.getByRole('button', { name: 'Download Oriel Specification Sheet' }));
    await waitFor(() => expect(saved).toEqual(['oriel-spec-sheet.pdf']));
    expect(toastRegion()?.textContent).toContain('Download success');
    gateway.failPdf = true;
    fireEvent.click(screen.getByRole('button', { name: 'Download Avelle Care Guide' }));
    await waitFor(() =>
      expect(toastRegion()?.textContent).toContain('Download failed. Please try again.'),
    );
    expect(saved).toEqual(['oriel-spec-sheet.pdf']);
  });

  it('shows a failed list with a retry that works, and says when there is nothing to show', async () => {
    const gateway = new TestGateway();
    gateway.listFailures = 1;
    let release = () => {};
    gateway.hold = new Promise((resolve) => {
      release = resolve;
    });
    renderPage(gateway);
    expect(await screen.findByText('Loading documents…')).toBeTruthy();
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Documents unavailable' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await documentsShown();
    cleanup();
    const empty = new TestGateway();
    empty.empty = true;
    renderPage(empty);
    expect(await screen.findByRole('heading', { name: 'No documents to show' })).toBeTruthy();
  });
});
