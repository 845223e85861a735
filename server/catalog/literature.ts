/**
 * Literature (spec §7 zip-file-download, pdf-file-download): three documents per product family —
 * a specification sheet, an installation guide and a care guide — drawn with pdf-lib from the
 * catalogue. A family is one of the catalogue's collections (CATALOGUE.md: "collections (product
 * families) shared across categories"); its documents cover its finished goods.
 *
 * Each PDF is made once and kept, keyed by a fingerprint of the facts it shows: a catalogue load
 * that changes them makes it again, anything else (stock, orders) does not. The PDFs carry fixed
 * dates, so the same facts give the same bytes in every process.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  LITERATURE_KIND_LABELS,
  LITERATURE_KINDS,
  type LiteratureDocument,
  type LiteratureKind,
} from '../../core/literature/literature';
import type { Database } from '../db/database';
import { catalogueVersionOf, type CatalogueVersion } from './catalogue-version';
import { ACCENT, MUTED, winAnsi, Writer } from './spec-sheet-pdf';

/** A family's documents may run longer than one product's sheet. */
export const LITERATURE_MAX_PAGES = 4;
/** The date the PDFs carry: fixed, so equal facts make equal bytes. */
const DOCUMENT_DATE = new Date(Date.UTC(2026, 0, 1));

interface FamilyProduct {
  readonly sku: string;
  readonly title: string;
  readonly category: string;
  readonly department: string;
  readonly listCents: number | null;
  readonly finishes: readonly { name: string; kind: string }[];
  readonly specs: readonly { group: string; label: string; value: string }[];
}

export interface FamilyFacts {
  readonly slug: string;
  readonly name: string;
  readonly brand: string;
  readonly story: string;
  readonly products: readonly FamilyProduct[];
}

interface Rendered {
  readonly bytes: Uint8Array;
  readonly pages: number;
}

const FAMILIES_SQL = `
  SELECT col.slug, col.name, col.brand, col.story,
    json_agg(json_build_object(
      'sku', p.sku, 'title', p.title, 'category', c.name, 'department', c.department,
      'specs', p.specs,
      'listCents', (SELECT min(pr.list_cents) FROM product_prices pr
                     WHERE pr.product_sku = p.sku AND pr.currency = 'USD'),
      'finishes', coalesce((SELECT json_agg(json_build_object('name', f.name, 'kind', f.kind)
                              ORDER BY v.position)
                            FROM product_variants v JOIN finishes f ON f.code = v.finish_code
                            WHERE v.product_sku = p.sku), '[]'::json)
    ) ORDER BY c.position, p.sku) AS products
  FROM collections col
  JOIN products p ON p.collection_slug = col.slug AND p.kind = 'finished-good'
  JOIN categories c ON c.slug = p.category_slug
  GROUP BY col.slug, col.name, col.brand, col.story
  ORDER BY col.name`;

export const literatureFile = (familySlug: string, kind: LiteratureKind): string =>
  `${familySlug}-${kind}.pdf`;

const dollars = (cents: number): string =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** Installation steps by department, in a fitter's order. */
const INSTALL_STEPS: Readonly<Record<string, readonly string[]>> = {
  kitchen: [
    'Turn off the hot and cold supply valves under the sink and open the old faucet to release pressure.',
    'Disconnect the supply lines and the drain; remove the old fixture and clean the deck and sink rim.',
    'Check the rough-in dimensions below against the counter cut-out and the cabinet before you begin.',
    'Set the new fixture with its gasket or a bead of plumber’s putty; tighten the mounting nuts by hand, then a quarter turn.',
    'Connect the supply lines (hot on the left) and the drain; use thread-seal tape on threaded joints only.',
    'Open the valves slowly, run water for one minute to flush the lines, and check every joint for drips.',
  ],
  bathroom: [
    'Shut off the water at the fixture’s stop valves (or the main) and drain the lines.',
    'Remove the old fixture; scrape away old sealant and make sure the floor or wall is sound and level.',
    'Check the rough-in dimensions below against the drain and supply positions before you begin.',
    'Set the new fixture on a new wax ring, gasket or bead of sealant; level it with shims, never by over-tightening.',
    'Connect supplies and drain; hand-tighten plastic nuts, and use thread-seal tape on metal threads only.',
    'Turn the water on, fill and drain the fixture twice, and check all joints; seal the base or edge with silicone after 24 hours.',
  ],
};

const FINISH_CARE: Readonly<Record<string, readonly string[]>> = {
  metal: [
    'Wipe with a soft, damp cloth and dry at once to prevent water spots.',
    'Use mild soap and water only; never abrasive pads, powders, bleach, vinegar or ammonia.',
    'Rinse off toothpaste, hair products and cleaning sprays that splash onto the finish.',
  ],
  color: [
    'Clean with a non-abrasive cleaner or a mild dish soap and a soft sponge.',
    'Rinse well after cleaning; do not leave cleaners to stand on the surface.',
    'Avoid steel wool, scouring powders and drain cleaners left in the basin, which dull the glaze.',
  ],
};

const newDocument = async (family: FamilyFacts, kind: LiteratureKind) => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const kindLabel = LITERATURE_KIND_LABELS[kind];
  doc.setTitle(winAnsi(`${family.name} Collection - ${kindLabel}`));
  doc.setAuthor('Lavabo');
  doc.setSubject(kindLabel);
  doc.setCreator('Lavabo storefront');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(DOCUMENT_DATE);
  doc.setModificationDate(DOCUMENT_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold, LITERATURE_MAX_PAGES);
  w.text(`LAVABO  ·  ${kindLabel.toUpperCase()}`, { size: 9, bold: true, color: ACCENT, gap: 6 });
  w.text(`${family.name} Collection`, { size: 20, bold: true, gap: 2 });
  w.text(`${family.brand} · ${family.products.length} products`, {
    size: 11,
    color: MUTED,
    gap: 8,
  });
  return { doc, w };
};

const specSheet = (w: Writer, family: FamilyFacts): void => {
  w.heading('About the collection');
  w.text(family.story);
  w.heading('Products');
  for (const p of family.products) {
    w.text(`${p.title}`, { size: 10, bold: true, gap: 1 });
    w.row('SKU', p.sku);
    w.row('Category', p.category);
    if (p.listCents !== null) w.row('List price (US)', dollars(p.listCents));
    if (p.finishes.length > 0) w.row('Finishes', p.finishes.map((f) => f.name).join(', '));
    for (const s of p.specs.filter((x) => x.group === 'Dimensions').slice(0, 3)) {
      w.row(s.label, s.value);
    }
    w.text(' ', { size: 4 });
  }
};

const installationGuide = (w: Writer, family: FamilyFacts): void => {
  w.heading('Before you start');
  w.text(
    'Read this guide through before you begin. Have an adjustable wrench, a basin wrench, a level, thread-seal tape, silicone sealant and a bucket to hand. If you are unsure at any step, ask a licensed plumber.',
  );
  for (const department of unique(family.products.map((p) => p.department))) {
    const steps = INSTALL_STEPS[department] ?? INSTALL_STEPS.bathroom ?? [];
    w.heading(`${department === 'kitchen' ? 'Kitchen' : 'Bathroom'} products: steps`);
    steps.forEach((step, i) => w.text(`${i + 1}. ${step}`, { indent: 8, gap: 2 }));
  }
  w.heading('Rough-in and installation facts');
  for (const p of family.products) {
    const facts = p.specs.filter((s) => s.group === 'Installation' || s.group === 'Dimensions');
    if (facts.length === 0) continue;
    w.text(`${p.title} (${p.sku})`, { size: 10, bold: true, gap: 1 });
    for (const s of facts.slice(0, 4)) w.row(s.label, s.value);
  }
};

const careGuide = (w: Writer, family: FamilyFacts): void => {
  w.heading('Everyday care');
  w.text(
    `Every ${family.name} product is made to keep its looks for years with a little regular care. Clean often with the gentlest method that works.`,
  );
  const finishes = family.products.flatMap((p) => p.finishes);
  for (const kind of ['metal', 'color'] as const) {
    const names = unique(finishes.filter((f) => f.kind === kind).map((f) => f.name));
    if (names.length === 0) continue;
    w.heading(kind === 'metal' ? 'Metal finishes' : 'Glazed and colored surfaces');
    w.text(names.join(', '), { color: MUTED, gap: 4 });
    for (const line of FINISH_CARE[kind] ?? []) w.text(`- ${line}`, { indent: 8, gap: 2 });
  }
  w.heading('Products covered');
  for (const p of family.products) w.row(p.sku, p.title);
};

/** One family's document of `kind`, always drawn from the family's facts. */
export const renderLiterature = async (
  family: FamilyFacts,
  kind: LiteratureKind,
): Promise<Rendered> => {
  const { doc, w } = await newDocument(family, kind);
  if (kind === 'spec-sheet') specSheet(w, family);
  else if (kind === 'installation-guide') installationGuide(w, family);
  else careGuide(w, family);
  return { bytes: await doc.save(), pages: w.pages };
};

interface Entry {
  readonly fingerprint: string;
  readonly rendered: Promise<Rendered>;
}

/** A family's facts and their fingerprint, worked out once per read of the catalogue. */
interface KeptFamily {
  readonly facts: FamilyFacts;
  readonly fingerprint: string;
}

export class LiteratureService {
  /** Made PDFs by file name, with the fingerprint of the facts they show. */
  private readonly made = new Map<string, Entry>();
  private readonly version: CatalogueVersion;
  /** The families as read at a catalogue version: read again only once the version moves. */
  private kept: { readonly version: number; readonly families: Promise<KeptFamily[]> } | null =
    null;

  constructor(private readonly db: Database) {
    this.version = catalogueVersionOf(db);
  }

  async families(): Promise<FamilyFacts[]> {
    return (await this.keptFamilies()).map((f) => f.facts);
  }

  private async keptFamilies(): Promise<KeptFamily[]> {
    const version = await this.version.current();
    if (this.kept?.version === version) return this.kept.families;
    const families = this.db.query<FamilyFacts>(FAMILIES_SQL).then((r) =>
      r.rows.map((facts) => ({
        facts,
        fingerprint: createHash('sha256').update(JSON.stringify(facts)).digest('base64url'),
      })),
    );
    this.kept = { version, families };
    // A failed read is not kept: the next request reads again.
    families.catch(() => {
      if (this.kept?.families === families) this.kept = null;
    });
    return families;
  }

  /** Every document, in family order then kind order, with its size. */
  async list(): Promise<LiteratureDocument[]> {
    const families = await this.keptFamilies();
    return Promise.all(
      families.flatMap(({ facts: family, fingerprint }) =>
        LITERATURE_KINDS.map(async (kind): Promise<LiteratureDocument> => {
          const file = literatureFile(family.slug, kind);
          const pdf = await this.pdfOf(family, fingerprint, kind);
          return {
            file,
            title: `${family.name} ${LITERATURE_KIND_LABELS[kind]}`,
            kind,
            family: { slug: family.slug, name: family.name },
            size: pdf.bytes.length,
            pages: pdf.pages,
          };
        }),
      ),
    );
  }

  /**
   * The PDFs of these files (names as listed, `.pdf` optional), in the order asked; a name no
   * document has is reported in `unknown` (by its position), nothing is made then.
   */
  async pdfs(
    files: readonly string[],
  ): Promise<
    { ok: true; files: { name: string; bytes: Uint8Array }[] } | { ok: false; unknown: number }
  > {
    const families = await this.keptFamilies();
    const byFile = new Map<string, { family: KeptFamily; kind: LiteratureKind }>();
    for (const family of families) {
      for (const kind of LITERATURE_KINDS) {
        byFile.set(literatureFile(family.facts.slug, kind), { family, kind });
      }
    }
    const wanted = files.map((f) => (f.toLowerCase().endsWith('.pdf') ? f : `${f}.pdf`));
    const unknown = wanted.findIndex((f) => !byFile.has(f));
    if (unknown >= 0) return { ok: false, unknown };
    const out = await Promise.all(
      wanted.map(async (name) => {
        const found = byFile.get(name);
        if (found === undefined) throw new Error(`unreachable: ${name}`);
        const { facts, fingerprint } = found.family;
        return { name, bytes: (await this.pdfOf(facts, fingerprint, found.kind)).bytes };
      }),
    );
    return { ok: true, files: out };
  }

  /** One document by its page (`{family}-{kind}`); null when no family has it. */
  async pdf(page: string): Promise<{ name: string; bytes: Uint8Array } | null> {
    const result = await this.pdfs([page]);
    return result.ok ? (result.files[0] ?? null) : null;
  }

  private pdfOf(family: FamilyFacts, fingerprint: string, kind: LiteratureKind): Promise<Rendered> {
    const file = literatureFile(family.slug, kind);
    const kept = this.made.get(file);
    if (kept !== undefined && kept.fingerprint === fingerprint) return kept.rendered;
    const rendered = renderLiterature(family, kind);
    // A failed render is not kept: the next request tries again.
    rendered.catch(() => {
      if (this.made.get(file)?.rendered === rendered) this.made.delete(file);
    });
    this.made.set(file, { fingerprint, rendered });
    return rendered;
  }
}
