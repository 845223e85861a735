/**
 * The literature page's documents (ui/pages/literature-page.tsx): grouped by family, filtered by
 * kind, each with a checkbox for "Download selected" (one zip) and its own "Download" (the PDF).
 */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import type { LoadAreas } from '../../adapters/di/areas';
import { TYPES } from '../../adapters/di/types';
import {
  formatFileSize,
  LITERATURE_KIND_LABELS,
  LITERATURE_KINDS,
  isLiteratureKind,
  type LiteratureDocument,
} from '../../core/literature/literature';
import type { LiteratureGateway } from '../../core/literature/ports';
import { useViewModel } from '../app/container-context';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { toasterOf } from '../shell/toaster';
import { LiteratureViewModel, LOAD_FAILED } from './literature-view-model';
import { saveFile } from '../components/save-file';
import './literature.css';

export const createLiteratureViewModel = (c: Container): LiteratureViewModel =>
  new LiteratureViewModel({
    gateway: async () => {
      await c.get<LoadAreas>(TYPES.LoadAreas)(['literature']);
      return c.get<LiteratureGateway>(TYPES.LiteratureGateway);
    },
    notify: toasterOf(c),
    save: saveFile,
  });

const PLURAL: Record<string, string> = {
  'spec-sheet': 'Specification sheets',
  'installation-guide': 'Installation guides',
  'care-guide': 'Care guides',
};

const DocumentRow = observer(
  ({ vm, doc }: { vm: LiteratureViewModel; doc: LiteratureDocument }) => {
    const id = useId();
    const busy = vm.downloading === doc.file;
    return (
      <li className="literature-doc">
        <input
          id={`${id}-check`}
          type="checkbox"
          className="literature-doc__check"
          checked={vm.isSelected(doc.file)}
          aria-describedby={`${id}-meta`}
          onChange={(e) => vm.toggle(doc.file, e.currentTarget.checked)}
        />
        <label htmlFor={`${id}-check`} className="literature-doc__title">
          {doc.title}
        </label>
        <span id={`${id}-meta`} className="literature-doc__meta">
          {`${LITERATURE_KIND_LABELS[doc.kind]} · PDF, ${doc.pages} ${doc.pages === 1 ? 'page' : 'pages'}, ${formatFileSize(doc.size)}`}
        </span>
        <button
          type="button"
          className="button button--secondary button--small literature-doc__download"
          aria-label={`Download ${doc.title}`}
          aria-disabled={busy}
          onClick={() => void vm.download(doc)}
        >
          {busy ? 'Downloading…' : 'Download'}
        </button>
      </li>
    );
  },
);

export const LiteratureLibrary = observer(() => {
  const vm = useViewModel(createLiteratureViewModel);
  const filterId = useId();
  useEffect(() => {
    void vm.load();
  }, [vm]);

  return (
    <section className="literature" aria-labelledby="literature-heading">
      <h2 id="literature-heading">Documents by collection</h2>
      {(vm.status === 'idle' || vm.status === 'loading') && (
        <div className="literature__loading" aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading documents…
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="3rem" />
          ))}
        </div>
      )}
      {vm.status === 'failed' && (
        <ErrorState
          level={3}
          title="Documents unavailable"
          message={LOAD_FAILED}
          onRetry={() => void vm.load()}
        />
      )}
      {vm.status === 'succeeded' && (
        <>
          <div className="literature__tools">
            <div className="literature__filter">
              <label htmlFor={filterId}>Show</label>
              <select
                id={filterId}
                value={vm.kind ?? 'all'}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  vm.setKind(isLiteratureKind(value) ? value : null);
                }}
              >
                <option value="all">All documents</option>
                {LITERATURE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {PLURAL[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="literature__selection">
              <p className="literature__count" role="status">
                {vm.selectionText}
              </p>
              <button
                type="button"
                className="button button--primary"
                aria-disabled={!vm.canDownloadSelected}
                onClick={() => void vm.downloadSelected()}
              >
                {vm.zipping ? 'Preparing download…' : 'Download selected'}
              </button>
              {vm.selectedCount > 0 && (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => vm.clearSelection()}
                >
                  Clear selection
                </button>
              )}
            </div>
          </div>
          <div className="literature__alert" role="alert">
            {vm.zipError}
          </div>
          {vm.groups.length === 0 ? (
            <EmptyState level={3} title="No documents to show">
              <p>Choose “All documents” to see every collection’s documents.</p>
            </EmptyState>
          ) : (
            vm.groups.map((group) => (
              <fieldset key={group.family.slug} className="literature__family">
                <legend>{`${group.family.name} Collection`}</legend>
                <ul className="literature__docs">
                  {group.documents.map((doc) => (
                    <DocumentRow key={doc.file} vm={vm} doc={doc} />
                  ))}
                </ul>
              </fieldset>
            ))
          )}
        </>
      )}
    </section>
  );
});
