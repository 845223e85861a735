/**
 * The offline demo's literature (npm run demo): the same three documents per family (collection)
 * as the server, from the demo catalogue, each a small real PDF made here (one page of text, no
 * library), and "Download selected" makes its zip here with fflate — the server's yazl writes to
 * Node streams, which a browser does not have. It refuses what the server refuses: no documents,
 * more than MAX_ZIP_FILES, a name that is no document (naming `files` or `files[i]`).
 */
import { categorySlug } from '../../../core/catalog/category';
import { safeZipFileName } from '../../../core/literature/download-file-name';
import {
  LITERATURE_KIND_LABELS,
  LITERATURE_KINDS,
  MAX_ZIP_FILES,
  type LiteratureDocument,
  type LiteratureFamily,
} from '../../../core/literature/literature';
import {
  LiteratureDownloadError,
  type DownloadedFile,
  type LiteratureGateway,
  type LiteratureList,
} from '../../../core/literature/ports';

/** The entries' date, fixed as the server's is, so the same documents make the same zip. */
const ENTRY_DATE = new Date('2026-01-01T00:00:00Z');

/** Text as a PDF string literal: printable ASCII, with its delimiters escaped. */
const pdfText = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF of these lines (Helvetica), with a correct cross-reference table. */
export const tinyPdf = (title: string, lines: readonly string[]): Uint8Array => {
  const stream = [
    'BT /F1 18 Tf 54 730 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf 0 -28 Td',
    ...lines.map((l) => `(${pdfText(l)}) Tj 0 -16 Td`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${pdfText(title)}) /Producer (Lavabo demo) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
};

interface FamilyOf {
  readonly family: LiteratureFamily;
  readonly products: readonly { sku: string; title: string }[];
}

export class FakeLiteratureGateway implements LiteratureGateway {
  private readonly families: readonly FamilyOf[];

  constructor(products: readonly { sku: string; title: string; collection: string | null }[]) {
    const byName = new Map<string, { sku: string; title: string }[]>();
    for (const p of products) {
      if (p.collection === null || p.collection === '') continue;
      byName.set(p.collection, [...(byName.get(p.collection) ?? []), p]);
    }
    this.families = [...byName]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, list]) => ({ family: { slug: categorySlug(name), name }, products: list }));
  }

  private pdfOf(file: string): { doc: LiteratureDocument; bytes: Uint8Array } | null {
    for (const { family, products } of this.families) {
      for (const kind of LITERATURE_KINDS) {
        if (`${family.slug}-${kind}.pdf` !== file && `${family.slug}-${kind}` !== file) continue;
        const title = `${family.name} ${LITERATURE_KIND_LABELS[kind]}`;
        const bytes = tinyPdf(title, [
          `${products.length} products in the ${family.name} collection:`,
          ...products.slice(0, 30).map((p) => `${p.sku}  ${p.title}`),
        ]);
        const doc = {
          file: `${family.slug}-${kind}.pdf`,
          title,
          kind,
          family,
          size: bytes.length,
          pages: 1,
        };
        return { doc, bytes };
      }
    }
    return null;
  }

  async list(): Promise<LiteratureList> {
    const documents = this.families.flatMap(({ family }) =>
      LITERATURE_KINDS.flatMap((kind) => this.pdfOf(`${family.slug}-${kind}.pdf`)?.doc ?? []),
    );
    return { families: this.families.map((f) => f.family), documents };
  }

  async downloadPdf(doc: Pick<LiteratureDocument, 'file'>): Promise<DownloadedFile> {
    const found = this.pdfOf(doc.file);
    if (found === null) throw new LiteratureDownloadError(`page names no document`, 'page');
    const body = new Blob([found.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
    return { fileName: found.doc.file, body };
  }

  async downloadZip(files: readonly string[], downloadFileName: string): Promise<DownloadedFile> {
    if (files.length === 0) {
      throw new LiteratureDownloadError('files must name at least one document', 'files');
    }
    if (files.length > MAX_ZIP_FILES) {
      throw new LiteratureDownloadError(
        `files may name at most ${MAX_ZIP_FILES} documents`,
        'files',
      );
    }
    const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
    for (const [i, file] of files.entries()) {
      const found = this.pdfOf(file.trim());
      if (found === null) {
        throw new LiteratureDownloadError(`files[${i}] names no document: ${file}`, `files[${i}]`);
      }
      entries[found.doc.file] = [found.bytes, { mtime: ENTRY_DATE }];
    }
    // Loaded with the first zip: the demo's other screens never need it.
    const { zipSync } = await import('fflate');
    const bytes = zipSync(entries, { level: 6 });
    return {
      fileName: safeZipFileName(downloadFileName),
      body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
    };
  }
}
