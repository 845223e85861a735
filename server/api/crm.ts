/**
 * The CRM API of product registration (spec §7 CRM; docs/registration.md, docs/api.md
 * "Product registration"): register offline or online, the caller's registrations, my products,
 * my services, the order lines to register, model-number suggestions, and proof-of-purchase
 * uploads that only their owner reads back. Thin: input read here (a 400 names each field), the
 * rules and SQL in ../crm.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import {
  ACCEPTED_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  REGISTRATION_MESSAGES,
} from '../../core/registration/registration-rules';
import { ownerKey } from '../auth/owner';
import type { Database } from '../db/database';
import { customerOfRequest, ownerOfRequest } from '../http/caller';
import { ApiError } from '../http/errors';
import { FieldProblems, invalidField, objectBody, queryText } from '../http/input';
import { AssetStore, storedFileName, tooLarge } from '../crm/assets';
import { readOffline, readOnline, RegistrationService } from '../crm/registration-service';
import {
  answers,
  arrayOf,
  bool,
  checkedByRoute,
  closed,
  int,
  noContent,
  oneOf,
  open,
  pathParams,
  str,
} from './schemas/common';

type Schema = Record<string, unknown>;
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
const anyObject = (description: string): Schema => ({
  type: 'object',
  additionalProperties: true,
  description,
});

const describe = (summary: string, description: string, extra: FastifySchema = {}) => ({
  tags: ['Product registration'],
  summary,
  description,
  ...extra,
});

const ASSET = closed(
  {
    assetId: str(),
    fileName: str('Lower-cased, spaces as hyphens (spec §5)'),
    contentType: oneOf(['application/pdf', 'image/jpeg', 'image/png', 'image/heic']),
    size: int('Bytes'),
    url: str('Where its owner reads it, under the API base: /crm/asset/{assetId}'),
  },
  ['assetId', 'fileName', 'contentType', 'size', 'url'],
);

const REGISTRATION = closed(
  {
    id: str(),
    kind: oneOf(['offline', 'online']),
    modelNumber: str(),
    productSku: str(),
    title: str(),
    finish: nullable(str()),
    purchaseDate: str('YYYY-MM-DD'),
    placeOfPurchase: str(),
    serialNumber: nullable(str()),
    owner: anyObject('The owner’s contact and address'),
    installationAddress: nullable(anyObject('Where it is fitted')),
    proofOfPurchase: nullable(ASSET),
    orderNumber: nullable(str()),
    lineItemId: nullable(str()),
    registeredAt: str('ISO 8601 instant'),
  },
  [
    'id',
    'kind',
    'modelNumber',
    'productSku',
    'title',
    'finish',
    'purchaseDate',
    'placeOfPurchase',
    'serialNumber',
    'owner',
    'installationAddress',
    'proofOfPurchase',
    'orderNumber',
    'lineItemId',
    'registeredAt',
  ],
);

const ITEM_OUTCOME = closed(
  {
    orderNumber: str(),
    lineItemId: str(),
    sku: str(),
    status: oneOf(['registered', 'already-registered']),
    registrationId: str(),
  },
  ['orderNumber', 'lineItemId', 'sku', 'status', 'registrationId'],
);

const LINK = closed({ type: str(), title: str(), url: str() }, ['type', 'title', 'url']);
const PART = closed({ sku: str(), title: str(), url: str() }, ['sku', 'title', 'url']);

const MY_PRODUCT = closed(
  {
    source: oneOf(['registered', 'saved']),
    sku: str(),
    productSku: str(),
    title: str(),
    finish: nullable(str()),
    image: str(),
    url: str(),
    discontinued: bool(),
    registrationId: nullable(str()),
    listLineItemId: nullable(str()),
    purchaseDate: nullable(str()),
    serialNumber: nullable(str()),
    proofOfPurchase: nullable(ASSET),
    warranty: closed(
      {
        text: str(),
        years: nullable(int()),
        status: oneOf(['active', 'expired', 'lifetime', 'unknown']),
        endsOn: nullable(str()),
      },
      ['text', 'years', 'status', 'endsOn'],
    ),
    specSheetUrl: nullable(str()),
    documents: arrayOf(LINK),
    fittingParts: arrayOf(PART),
  },
  [
    'source',
    'sku',
    'productSku',
    'title',
    'finish',
    'image',
    'url',
    'discontinued',
    'registrationId',
    'listLineItemId',
    'purchaseDate',
    'serialNumber',
    'proofOfPurchase',
    'warranty',
    'specSheetUrl',
    'documents',
    'fittingParts',
  ],
);

const MY_SERVICE = closed(
  {
    source: oneOf(['ordered', 'saved']),
    sku: str(),
    title: str(),
    kind: oneOf(['design-service', 'install-service']),
    image: str(),
    url: str(),
    status: str(),
    orderNumber: nullable(str()),
    orderedAt: nullable(str()),
    listLineItemId: nullable(str()),
  },
  [
    'source',
    'sku',
    'title',
    'kind',
    'image',
    'url',
    'status',
    'orderNumber',
    'orderedAt',
    'listLineItemId',
  ],
);

const REGISTRABLE = closed(
  {
    orderNumber: str(),
    lineItemId: str(),
    sku: str(),
    title: str(),
    image: str(),
    finish: nullable(str()),
    orderedAt: str(),
    registrationId: nullable(str()),
  },
  ['orderNumber', 'lineItemId', 'sku', 'title', 'image', 'finish', 'orderedAt', 'registrationId'],
);

const results = (item: Schema) => closed({ results: arrayOf(item) }, ['results']);

const ID = /^[0-9a-f-]{36}$/;

/** Reads an upload's body as it streams, refusing past the limit without keeping more. */
const readUpload = (request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    payload.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        done = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!done) reject(error);
    });
  });

export const crmRoutes = async (
  app: FastifyInstance,
  db: Database,
  placesOfPurchase: readonly string[],
): Promise<void> => {
  const registrations = new RegistrationService(db, placesOfPurchase);
  const assets = new AssetStore(db);

  app.post(
    '/api/crm/product/registration',
    {
      ...checkedByRoute,
      schema: describe(
        'Register a product',
        'Body `{kind: "offline", modelNumber, purchaseDate, placeOfPurchase, serialNumber?, owner, installationAddress?, proofOfPurchase?}` (any bearer; a guest’s registration joins their account at sign-in) or `{kind: "online", items: [{orderNumber, lineItemId}], installationAddress?}` (a signed-in customer; a guest → 403). → `{success: "true", message, registrations, items?}`; online lines already registered are not registered again and say `already-registered`. Every bad field → 400 naming it (`errors: [{code: "InvalidField", field, message}]`). See docs/registration.md.',
        {
          body: open({ kind: oneOf(['offline', 'online']) }, ['kind']),
          response: answers(
            {
              200: closed(
                {
                  success: oneOf(['true']),
                  message: str(),
                  registrations: arrayOf(REGISTRATION),
                  items: arrayOf(ITEM_OUTCOME),
                },
                ['success', 'message', 'registrations'],
              ),
            },
            { errors: [403] },
          ),
        },
      ),
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      reply.header('cache-control', 'no-store');
      if (body.kind === 'online') {
        const customer = customerOfRequest(request);
        const problems = new FieldProblems();
        const input = readOnline(body, problems);
        problems.check();
        if (input === undefined) throw invalidField('body', 'is not valid');
        const outcome = await registrations.registerOnline(ownerKey(customer), input);
        return { success: 'true', message: REGISTRATION_MESSAGES.success, ...outcome };
      }
      if (body.kind !== 'offline') throw invalidField('kind', 'must be one of offline, online');
      const owner = ownerOfRequest(request);
      const problems = new FieldProblems();
      const input = readOffline(body, registrations.today(), registrations.places(), problems);
      await registrations.lookupProblems(db, ownerKey(owner), body, problems);
      problems.check();
      if (input === undefined) throw invalidField('body', 'is not valid');
      const written = await registrations.registerOffline(ownerKey(owner), input);
      return {
        success: 'true',
        message: REGISTRATION_MESSAGES.success,
        registrations: [written],
      };
    },
  );

  app.get(
    '/api/crm/fetchproductregistration',
    {
      schema: describe(
        'The caller’s registrations',
        '`{results: [Registration]}`, newest first; a customer’s or the guest session’s own only.',
        { response: answers({ 200: results(REGISTRATION) }) },
      ),
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      reply.header('cache-control', 'no-store');
      return { results: await registrations.list(ownerKey(owner)) };
    },
  );

  app.delete(
    '/api/crm/product/registration/:id',
    {
      ...checkedByRoute,
      schema: describe(
        'Remove a registration',
        '204; its proof of purchase goes with it. Not the caller’s (or no such id) → 404.',
        {
          params: pathParams({ id: 'The registration’s id' }),
          response: answers({ 204: noContent('Removed') }, { errors: [404] }),
        },
      ),
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      const { id } = request.params as { id?: unknown };
      const removed =
        typeof id === 'string' && ID.test(id) && (await registrations.remove(ownerKey(owner), id));
      if (!removed) throw new ApiError(404, 'No such registration');
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/crm/myproducts',
    {
      schema: describe(
        'My products',
        '`{results: [MyProduct]}`: the caller’s registered products (newest first), then the products saved to their MyProducts list, each with finish, its proof of purchase (a registration’s receipt, else null), warranty status computed from the product’s warranty years and purchase date, documents and the service parts that fit it.',
        { response: answers({ 200: results(MY_PRODUCT) }) },
      ),
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      reply.header('cache-control', 'no-store');
      return { results: await registrations.myProducts(ownerKey(owner)) };
    },
  );

  app.get(
    '/api/crm/myservices',
    {
      schema: describe(
        'My services',
        '`{results: [MyService]}`: design and install services from the caller’s orders (with the order’s status), then those saved to their MyServices list (status `Saved`).',
        { response: answers({ 200: results(MY_SERVICE) }) },
      ),
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      reply.header('cache-control', 'no-store');
      return { results: await registrations.myServices(ownerKey(owner)) };
    },
  );

  app.get(
    '/api/crm/registrable-items',
    {
      schema: describe(
        'Order lines to register',
        '`{results: [RegistrableItem]}`: the products on the signed-in customer’s orders (not services, not cancelled orders), each with the registration that already covers it or null. A guest → 403.',
        { response: answers({ 200: results(REGISTRABLE) }, { errors: [403] }) },
      ),
    },
    async (request, reply) => {
      const customer = customerOfRequest(request);
      reply.header('cache-control', 'no-store');
      return { results: await registrations.registrableItems(ownerKey(customer)) };
    },
  );

  app.get(
    '/api/crm/modelnumbers',
    {
      ...checkedByRoute,
      schema: describe(
        'Model-number suggestions',
        '`?q=` (2 to 40 letters, digits or -) → `{results: [{modelNumber, title, discontinued}]}`: up to 10 product and finish SKUs starting with `q`, discontinued models included (they still register). None → `[]` (the form sets invalidModelNumber, spec §5).',
        {
          querystring: closed({ q: str('The start of a model number') }, ['q']),
          response: answers({
            200: results(
              closed({ modelNumber: str(), title: str(), discontinued: bool() }, [
                'modelNumber',
                'title',
                'discontinued',
              ]),
            ),
          }),
        },
      ),
    },
    async (request) => {
      const q = queryText(request.query, 'q')?.trim() ?? '';
      if (!/^[A-Za-z0-9-]{2,40}$/.test(q)) {
        throw invalidField('querystring.q', 'must be 2 to 40 letters, digits or -');
      }
      return { results: await registrations.suggest(q) };
    },
  );

  // The upload's body is the file itself, whatever its content type: read as bytes here only.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (request, payload, done) => {
      readUpload(request, payload).then(
        (bytes) => done(null, bytes),
        (error: Error) => done(error),
      );
    });
    uploads.put(
      '/api/crm/asset/upload',
      {
        ...checkedByRoute,
        bodyLimit: MAX_UPLOAD_BYTES + 1,
        schema: describe(
          'Upload a proof of purchase',
          'Body: the file itself, with its content type; `?fileName=` its name, kept lower-cased with spaces as hyphens (spec §5). PDF, JPEG, PNG or HEIC, judged by the bytes — not the name or the header — up to 10 MB. → 201 `UploadedAsset`. Empty → 400 `EmptyFile`; over 10 MB → 413 `FileTooLarge`; another type → 415 `UnsupportedFileType`; a bad name → 400 naming `fileName`. Nothing is kept from a refused upload.',
          {
            querystring: closed({ fileName: str('The file’s name') }, ['fileName']),
            response: answers({ 201: ASSET }, { errors: [413, 415] }),
          },
        ),
      },
      async (request, reply) => {
        const owner = ownerOfRequest(request);
        const fileName = storedFileName(queryText(request.query, 'fileName'));
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const asset = await assets.save(ownerKey(owner), fileName, bytes);
        reply.header('cache-control', 'no-store');
        return reply.code(201).send(asset);
      },
    );
  });

  app.get(
    '/api/crm/asset/:assetId',
    {
      ...checkedByRoute,
      schema: describe(
        'Read a proof of purchase',
        'The bytes with their content type, to the shopper who uploaded them (or the account their guest registration joined); anyone else, or an unknown id → 404.',
        {
          params: pathParams({ assetId: 'The upload’s id' }),
          response: answers(
            {
              200: {
                description: 'The file as uploaded',
                content: Object.fromEntries(
                  ACCEPTED_UPLOAD_TYPES.map((type) => [
                    type,
                    { schema: { type: 'string', format: 'binary' } },
                  ]),
                ),
              },
            },
            { errors: [404] },
          ),
        },
      ),
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      const { assetId } = request.params as { assetId?: unknown };
      const found =
        typeof assetId === 'string' && ID.test(assetId)
          ? await assets.read(ownerKey(owner), assetId)
          : null;
      if (found === null) throw new ApiError(404, 'No such file');
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.header(
        'content-disposition',
        `attachment; filename="${found.asset.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      );
      return reply.type(found.asset.contentType).send(Buffer.from(found.bytes));
    },
  );
};
