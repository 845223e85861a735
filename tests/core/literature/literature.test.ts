import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOWNLOAD_NAME,
  formatFileSize,
  groupByFamily,
  LITERATURE_KINDS,
  MAX_DOWNLOAD_NAME,
  safeZipFileName,
  type LiteratureDocument,
  type LiteratureKind,
} from '../../../core/literature';

const SAFE = /^[A-Za-z0-9(_)][A-Za-z0-9 ._()-]*\.zip$/;

describe('safeZipFileName', () => {
  it('keeps a plain name and ends it in .zip once', () => {
    expect(safeZipFileName('Harbor documents')).toBe('Harbor documents.zip');
    expect(safeZipFileName('harbor.zip')).toBe('harbor.zip');
    expect(safeZipFileName('harbor.ZIP.zip')).toBe('harbor.zip');
    expect(safeZipFileName('Café Sinks')).toBe('Cafe Sinks.zip');
  });

  it('drops path separators, quotes and control characters', () => {
    expect(safeZipFileName('../../etc/passwd')).toBe('etc-passwd.zip');
    expect(safeZipFileName('a"b\r\nContent-Type: x')).toBe('a-b-Content-Type- x.zip');
    expect(safeZipFileName('C:\\Users\\me')).toBe('C-Users-me.zip');
    expect(safeZipFileName('Mine/../x')).toBe('Mine-x.zip');
  });

  it('falls back to the default when nothing usable is left', () => {
    for (const given of [undefined, null, '', '   ', '...', '///', '.zip', '"']) {
      expect(safeZipFileName(given)).toBe(`${DEFAULT_DOWNLOAD_NAME}.zip`);
    }
  });

  it('is always a safe, bounded .zip name, and stable when applied again', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 400, unit: 'binary' })), (given) => {
        const name = safeZipFileName(given);
        expect(name).toMatch(SAFE);
        const unsafe = [...name].filter((ch) => {
          const code = ch.charCodeAt(0);
          return code < 0x20 || code === 0x7f || ch === '/' || ch === '\\' || ch === '"';
        });
        expect(unsafe).toEqual([]);
        expect(name).not.toContain('..');
        expect(name.length).toBeLessThanOrEqual(MAX_DOWNLOAD_NAME + '.zip'.length);
        expect(safeZipFileName(name)).toBe(name);
      }),
    );
  });
});

const doc = (family: string, kind: LiteratureKind): LiteratureDocument => ({
  file: `${family}-${kind}.pdf`,
  title: `${family} ${kind}`,
  kind,
  family: { slug: family, name: family.toUpperCase() },
  size: 1000,
  pages: 1,
});

describe('groupByFamily', () => {
  it('groups in first-seen family order, kinds in their own order, filtered by kind', () => {
    const docs = [
      doc('harbor', 'care-guide'),
      doc('elm', 'spec-sheet'),
      doc('harbor', 'spec-sheet'),
      doc('elm', 'installation-guide'),
    ];
    expect(
      groupByFamily(docs, null).map((g) => [g.family.slug, g.documents.map((d) => d.kind)]),
    ).toEqual([
      ['harbor', ['spec-sheet', 'care-guide']],
      ['elm', ['spec-sheet', 'installation-guide']],
    ]);
    expect(groupByFamily(docs, 'care-guide').map((g) => g.family.slug)).toEqual(['harbor']);
  });

  it('loses and invents no document', () => {
    const arbDoc = fc
      .tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom(...LITERATURE_KINDS))
      .map(([f, k]) => doc(f, k));
    fc.assert(
      fc.property(
        fc.array(arbDoc, { maxLength: 20 }),
        fc.option(fc.constantFrom(...LITERATURE_KINDS)),
        (docs, kind) => {
          const shown = groupByFamily(docs, kind).flatMap((g) => g.documents);
          const wanted = docs.filter((d) => kind === null || d.kind === kind);
          expect(shown.length).toBe(wanted.length);
          for (const g of groupByFamily(docs, kind)) {
            expect(g.documents.length).toBeGreaterThan(0);
            expect(g.documents.every((d) => d.family.slug === g.family.slug)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('formatFileSize', () => {
  it('reads as bytes, kilobytes or megabytes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(84 * 1024)).toBe('84 KB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
