import type { ShownDocument, SpecGroup } from './product-view-model';

/** Specifications as one table per group: the group is the caption, each label a row header. */
export const SpecTables = ({ groups }: { groups: readonly SpecGroup[] }) => {
  if (groups.length === 0) {
    return <p className="pdp__muted">No specifications are listed for this product yet.</p>;
  }
  return (
    <div className="spec-tables">
      {groups.map((g) => (
        <table key={g.group} className="spec-table">
          <caption>{g.group}</caption>
          <tbody>
            {g.rows.map((row, i) => (
              <tr key={`${row.label}-${i}`}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
};

/** Links to the product's PDFs (already passed through sanitizeLink). */
export const DocumentList = ({ documents }: { documents: readonly ShownDocument[] }) => {
  if (documents.length === 0) {
    return <p className="pdp__muted">No documents are available for this product.</p>;
  }
  return (
    <ul className="doc-list">
      {documents.map((d) => (
        <li key={d.key}>
          <a className="doc-list__link" href={d.href}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path
                d="M6 2h8l5 5v15H6z M14 2v5h5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
            <span>
              <span className="doc-list__title">{d.title}</span>
              <span className="doc-list__kind">{`${d.kindLabel} · PDF`}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
};
