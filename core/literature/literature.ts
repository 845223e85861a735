/**
 * Literature (spec §7 zip-file-download and pdf-file-download, §8 download toasts): the documents a
 * product family has — a spec sheet, an installation guide and a care guide per collection — and
 * the rules the page and the server share: which kinds there are, how many files one zip may hold,
 * how the list groups and filters.
 */

export const LITERATURE_KINDS = ['spec-sheet', 'installation-guide', 'care-guide'] as const;
export type LiteratureKind = (typeof LITERATURE_KINDS)[number];

export const LITERATURE_KIND_LABELS: Readonly<Record<LiteratureKind, string>> = {
  'spec-sheet': 'Specification Sheet',
  'installation-guide': 'Installation Guide',
  'care-guide': 'Care Guide',
};

export const isLiteratureKind = (value: unknown): value is LiteratureKind =>
  typeof value === 'string' && (LITERATURE_KINDS as readonly string[]).includes(value);

/** At most this many documents in one zip (every document of the shop fits, a script does not). */
export const MAX_ZIP_FILES = 30;

/** A product family: one of the catalogue's collections. */
export interface LiteratureFamily {
  readonly slug: string;
  readonly name: string;
}

export interface LiteratureDocument {
  /** The file's name, `{family}-{kind}.pdf`: what a zip request names and the zip holds. */
  readonly file: string;
  readonly title: string;
  readonly kind: LiteratureKind;
  readonly family: LiteratureFamily;
  /** Bytes. */
  readonly size: number;
  readonly pages: number;
}

/** The documents' base name (without `.pdf`): the `page` of pdf-file-download. */
export const literaturePage = (doc: Pick<LiteratureDocument, 'file'>): string =>
  doc.file.replace(/\.pdf$/i, '');

export interface FamilyGroup {
  readonly family: LiteratureFamily;
  readonly documents: readonly LiteratureDocument[];
}

/**
 * The documents of `kind` (all when null) grouped by family in the order families first appear,
 * each family's documents in the order of LITERATURE_KINDS; families left with none are dropped.
 */
export const groupByFamily = (
  documents: readonly LiteratureDocument[],
  kind: LiteratureKind | null,
): readonly FamilyGroup[] => {
  const groups = new Map<string, { family: LiteratureFamily; documents: LiteratureDocument[] }>();
  for (const doc of documents) {
    if (kind !== null && doc.kind !== kind) continue;
    const group = groups.get(doc.family.slug) ?? { family: doc.family, documents: [] };
    group.documents.push(doc);
    groups.set(doc.family.slug, group);
  }
  const order = (k: LiteratureKind) => LITERATURE_KINDS.indexOf(k);
  return [...groups.values()].map((g) => ({
    family: g.family,
    documents: [...g.documents].sort((a, b) => order(a.kind) - order(b.kind)),
  }));
};

/** "1.2 MB", "84 KB": a document's size as a shopper reads it. */
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
};
