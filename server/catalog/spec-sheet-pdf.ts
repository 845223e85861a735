/**
 * A product's document as a one-or-two page PDF (GET /api/catalog/pdf-file-download): title, SKU,
 * prices, finishes, description, specifications and the product's other documents. Drawn with
 * pdf-lib's standard Helvetica, so text is reduced to what its WinAnsi encoding can show.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { SpecSheetProduct } from './catalog-service';

export const DOCUMENT_KINDS = [
  'spec-sheet',
  'installation-guide',
  'warranty',
  'parts-diagram',
  'care-guide',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  'spec-sheet': 'Specification Sheet',
  'installation-guide': 'Installation Guide',
  warranty: 'Warranty',
  'parts-diagram': 'Parts Diagram',
  'care-guide': 'Care Guide',
};

/** At most this many pages: a spec sheet, not a catalogue. */
export const MAX_PAGES = 2;

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
export const INK = rgb(0.13, 0.15, 0.17);
export const MUTED = rgb(0.38, 0.4, 0.43);
export const ACCENT = rgb(0.18, 0.44, 0.48);

/** WinAnsi characters above Latin-1's range that Helvetica can draw. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '″': '"',
  '′': "'",
  '≤': '<=',
  '≥': '>=',
  '−': '-',
  '→': '->',
  '\u00a0': ' ',
};

/** Text Helvetica's WinAnsi encoding can draw: known look-alikes swapped in, the rest as '?'. */
export const winAnsi = (text: string): string =>
  [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) return ch;
      if (WIN_ANSI_EXTRAS.has(ch)) return ch;
      return REPLACEMENTS[ch] ?? '?';
    })
    .join('');

const formatMoney = (cents: number, currency: string): string =>
  `${currency === 'CAD' ? 'CA$' : '$'}${(cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;

/** Lays text out down the pages, a new page when one is full, up to `maxPages`. */
export class Writer {
  private page: PDFPage;
  private y: number;
  pages = 1;
  truncated = false;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly maxPages: number = MAX_PAGES,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Room for `height` more points, on a new page if needed; false once the pages are used up. */
  private room(height: number): boolean {
    if (this.truncated) return false;
    if (this.y - height >= MARGIN) return true;
    if (this.pages >= this.maxPages) {
      this.truncated = true;
      return false;
    }
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages += 1;
    this.y = PAGE_HEIGHT - MARGIN;
    return true;
  }

  private wrap(text: string, size: number, font: PDFFont, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of winAnsi(text)
      .split(' ')
      .filter((w) => w !== '')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (line !== '' && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    if (line !== '') lines.push(line);
    return lines;
  }

  text(
    text: string,
    options: {
      size?: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
      indent?: number;
      gap?: number;
    } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold === true ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.35;
    for (const line of this.wrap(text, size, font, PAGE_WIDTH - 2 * MARGIN - indent)) {
      if (!this.room(lineHeight)) return;
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y,
        size,
        font,
        color: options.color ?? INK,
      });
    }
    this.y -= options.gap ?? 0;
  }

  /** A label and its value on one line (the value wrapped beside the label). */
  row(label: string, value: string): void {
    const size = 10;
    const labelWidth = 170;
    const lines = this.wrap(value, size, this.font, PAGE_WIDTH - 2 * MARGIN - labelWidth);
    const lineHeight = size * 1.35;
    if (!this.room(lineHeight * Math.max(1, lines.length))) return;
    this.y -= lineHeight;
    this.page.drawText(winAnsi(label), {
      x: MARGIN,
      y: this.y,
      size,
      font: this.bold,
      color: MUTED,
    });
    lines.forEach((line, i) => {
      if (i > 0) this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + labelWidth,
        y: this.y,
        size,
        font: this.font,
        color: INK,
      });
    });
  }

  heading(text: string): void {
    if (!this.room(34)) return;
    this.y -= 10;
    this.text(text, { size: 13, bold: true, color: ACCENT, gap: 2 });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.6,
      color: ACCENT,
    });
    this.y -= 2;
  }
}

export interface RenderedPdf {
  readonly bytes: Uint8Array;
  readonly pages: number;
}

/** The PDF of one of a product's documents (`kind`), always built from the product's facts. */
export const renderSpecSheet = async (
  product: SpecSheetProduct,
  kind: DocumentKind,
): Promise<RenderedPdf> => {
  const doc = await PDFDocument.create();
  const kindLabel = DOCUMENT_KIND_LABELS[kind];
  doc.setTitle(winAnsi(`${product.title} (${product.sku}) - ${kindLabel}`));
  doc.setAuthor('Lavabo');
  doc.setSubject(kindLabel);
  doc.setCreator('Lavabo storefront');
  doc.setProducer('pdf-lib');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold);

  w.text(`LAVABO  ·  ${kindLabel.toUpperCase()}`, { size: 9, bold: true, color: ACCENT, gap: 6 });
  w.text(product.title, { size: 20, bold: true, gap: 2 });
  w.text(`SKU ${product.sku}`, { size: 11, color: MUTED, gap: 8 });
  w.row('Category', product.categoryName);
  w.row('Brand', product.brand);
  if (product.collection !== null) w.row('Collection', product.collection);
  for (const price of product.prices) {
    const list = formatMoney(price.listCents, price.currency);
    const value =
      price.saleCents !== null && price.saleCents < price.listCents
        ? `${formatMoney(price.saleCents, price.currency)} (sale; list ${list})`
        : list;
    w.row(`Price (${price.region})`, value);
  }
  if (product.finishes.length > 0) {
    w.row(
      'Finishes',
      product.finishes
        .map(
          (f) =>
            `${f.name} (${f.sku})${f.discontinuedAt === null ? '' : ` - discontinued ${f.discontinuedAt}`}`,
        )
        .join(', '),
    );
  }

  w.heading('Description');
  w.text(product.description, { size: 10 });

  if (product.specs.length > 0) {
    w.heading('Specifications');
    const groups = [...new Set(product.specs.map((s) => s.group))];
    for (const group of groups) {
      w.text(group, { size: 10, bold: true, gap: 1 });
      for (const spec of product.specs.filter((s) => s.group === group))
        w.row(spec.label, spec.value);
      w.text(' ', { size: 4 });
    }
  }

  if (product.documents.length > 0) {
    w.heading('Documents');
    for (const d of product.documents) {
      const label = (DOCUMENT_KIND_LABELS as Record<string, string>)[d.kind] ?? d.kind;
      w.row(label, d.title);
    }
  }
  return { bytes: await doc.save(), pages: w.pages };
};
