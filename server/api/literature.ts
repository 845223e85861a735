/**
 * Literature (spec §7 "GET /catalog/zip-file-download; POST the zip download with {files,
 * downloadFileName}, expecting a blob and a content-disposition file name"; docs/api.md
 * "Literature"): the list of family documents, and any of them as one zip, streamed by yazl. The
 * single PDFs are pdf-file-download's (./catalog.ts). Bad input is a 400 naming the field; the
 * zip routes are the `literature` rate-limit door (../http/rate-limits.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { safeZipFileName } from '../../core/literature/download-file-name';
import {
  LITERATURE_KINDS,
  MAX_ZIP_FILES,
  type LiteratureDocument,
} from '../../core/literature/literature';
import type { LiteratureService } from '../catalog/literature';
import { invalidField, objectBody } from '../http/input';
import { many, single, type RawParams } from '../search/solr-query';
import { describe, querystring } from './docs';
import {
  answers,
  arrayOf,
  binary,
  checkedByRoute,
  closed,
  int,
  oneOf,
  str,
} from './schemas/common';

/** Longest file name or download name taken (characters). */
const MAX_NAME = 200;
/** The zip's entries carry the documents' own date (server/catalog/literature.ts). */
const ENTRY_DATE = new Date(Date.UTC(2026, 0, 1));

const FAMILY = closed({ slug: str(), name: str() }, ['slug', 'name']);
const DOCUMENT = closed(
  {
    file: str(
      '`{family}-{kind}.pdf`: what a zip names, and the `page` (without .pdf) of pdf-file-download',
    ),
    title: str(),
    kind: oneOf(LITERATURE_KINDS),
    family: FAMILY,
    size: int('bytes'),
    pages: int(),
  },
  ['file', 'title', 'kind', 'family', 'size', 'pages'],
);

/** The file names asked for: a list of 1–MAX_ZIP_FILES names, duplicates once. */
const filesOf = (value: unknown): string[] => {
  if (value === undefined || value === null) throw invalidField('files', 'is required');
  if (!Array.isArray(value)) throw invalidField('files', 'must be a list of document file names');
  if (value.length === 0) throw invalidField('files', 'must name at least one document');
  if (value.length > MAX_ZIP_FILES) {
    throw invalidField('files', `may name at most ${MAX_ZIP_FILES} documents`);
  }
  const names = value.map((name: unknown, i) => {
    if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) {
      throw invalidField(`files[${i}]`, 'must be a document file name');
    }
    return name.trim();
  });
  return [...new Set(names)];
};

const downloadNameOf = (value: unknown): string => {
  if (value === undefined || value === null) return safeZipFileName(null);
  if (typeof value !== 'string' || value.length > MAX_NAME) {
    throw invalidField('downloadFileName', `must be text of at most ${MAX_NAME} characters`);
  }
  return safeZipFileName(value);
};

export const literatureRoutes = (app: FastifyInstance, literature: LiteratureService): void => {
  const sendZip = async (
    reply: FastifyReply,
    files: readonly string[],
    downloadFileName: string,
  ): Promise<FastifyReply> => {
    // Every PDF is read before the answer starts: a bad name is still a 400, never a broken zip.
    const found = await literature.pdfs(files);
    if (!found.ok) {
      const name = files[found.unknown] ?? '';
      throw invalidField(`files[${found.unknown}]`, `names no document: ${name.slice(0, 80)}`);
    }
    const zip = new ZipFile();
    for (const file of found.files) {
      zip.addBuffer(Buffer.from(file.bytes), file.name, { mtime: ENTRY_DATE });
    }
    zip.end();
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${downloadFileName}"`)
      .header('cache-control', 'no-store')
      .send(zip.outputStream);
  };

  const zipAnswers = answers(
    {
      200: binary(
        'application/zip',
        'The documents, as an attachment named by content-disposition',
      ),
    },
    { public: true },
  );
  const zipDescription =
    'A zip whose entries are the named PDFs (`files`: the `file` names of GET /api/catalog/literature, `.pdf` optional; duplicates once; 1–' +
    `${MAX_ZIP_FILES}), as an attachment: \`content-disposition: attachment; filename="{downloadFileName}.zip"\` with the name made safe (no path separators, quotes or control characters; \`lavabo-literature.zip\` when none is left). 400 naming \`files\`, \`files[i]\` or \`downloadFileName\`.`;

  app.get(
    '/api/catalog/literature',
    {
      config: { public: true },
      schema: {
        ...describe(
          'Catalog',
          'Literature documents',
          '`{families: [{slug, name}], documents: [{file, title, kind, family, size, pages}]}`: a spec sheet, an installation guide and a care guide per product family (collection), in family then kind order.',
        ),
        response: answers(
          {
            200: closed({ families: arrayOf(FAMILY), documents: arrayOf(DOCUMENT) }, [
              'families',
              'documents',
            ]),
          },
          { public: true },
        ),
      },
    },
    async (_request, reply) => {
      const documents: LiteratureDocument[] = await literature.list();
      const families = [...new Map(documents.map((d) => [d.family.slug, d.family])).values()];
      reply.header('cache-control', 'public, max-age=300');
      return { families, documents };
    },
  );

  app.get(
    '/api/catalog/zip-file-download',
    {
      config: { public: true },
      schema: {
        ...describe('Catalog', 'Literature as one zip (GET)', zipDescription),
        querystring: querystring({
          files: {
            description: 'a document file name (repeatable, or comma-separated)',
            repeatable: true,
            required: true,
          },
          downloadFileName: { description: 'the zip’s name (".zip" is added)' },
        }),
        response: zipAnswers,
      },
    },
    async (request, reply) => {
      const params = request.query as RawParams;
      const given = many(params, 'files')
        .flatMap((f) => f.split(','))
        .map((f) => f.trim())
        .filter((f) => f !== '');
      const files = filesOf(given);
      return sendZip(reply, files, downloadNameOf(single(params, 'downloadFileName')));
    },
  );

  app.post(
    '/api/catalog/zip-file-download',
    {
      ...checkedByRoute,
      config: { public: true },
      schema: {
        ...describe('Catalog', 'Literature as one zip', zipDescription),
        body: closed(
          {
            files: arrayOf(str(), 'document file names'),
            downloadFileName: str('the zip’s name (".zip" is added)'),
          },
          ['files'],
        ),
        response: zipAnswers,
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const unknownField = Object.keys(body).find((k) => k !== 'files' && k !== 'downloadFileName');
      if (unknownField !== undefined)
        throw invalidField(unknownField, 'is not a field of this request');
      return sendZip(reply, filesOf(body.files), downloadNameOf(body.downloadFileName));
    },
  );
};
