/**
 * Product registration on the server (spec §7 CRM, docs/registration.md): the offline form's
 * checks (every bad field named at once, the catalogue and the uploads consulted), online
 * registration of the customer's order lines in one transaction, and the reads behind my products
 * and my services. The rules — dates, serial numbers, upload types, warranty — are
 * core/registration's, which the offline demo's fake applies too.
 */
import { randomUUID } from 'node:crypto';
import type {
  FittingPart,
  MyProduct,
  MyProductOrigin,
  MyService,
  OnlineItemOutcome,
  ProductDocumentLink,
  ProductRegistration,
  RegistrableItem,
  RegistrationAddress,
  UploadedAsset,
} from '../../core/registration/ports';
import type { ModelSuggestion } from '../../core/registration/registration-state';
import {
  MAX_ONLINE_ITEMS,
  MODEL_NUMBER_MAX,
  purchaseDateProblem,
  REGISTRATION_MESSAGES,
  SERIAL_NUMBER,
} from '../../core/registration/registration-rules';
import { isoToday, warrantyOf } from '../../core/registration/warranty';
import { productLinkPath } from '../../core/catalog/product-link';
import { SERVER_PRODUCT_LINKS } from '../api/configuration';
import type { Order } from '../../core/orders/order';
import type { Clock } from '../../core/shared/clock';
import type { Database, Queryable } from '../db/database';
import { readShippingAddress } from '../http/address-input';
import { FieldProblems, isRecord, type Json } from '../http/input';
import { assetUrl } from './assets';

export interface OfflineInput {
  readonly modelNumber: string;
  readonly purchaseDate: string;
  readonly placeOfPurchase: string;
  readonly serialNumber: string | null;
  readonly owner: RegistrationAddress;
  readonly installationAddress: RegistrationAddress | null;
  readonly proofOfPurchase: string | null;
}

export interface OnlineInput {
  readonly items: readonly { readonly orderNumber: string; readonly lineItemId: string }[];
  readonly installationAddress: RegistrationAddress | null;
}

const CONTACT_KEYS = ['firstName', 'lastName', 'email', 'mobile'] as const;
const ITEM_ID = /^[A-Za-z0-9_-]{1,100}$/;
const ORDER_NUMBER = /^[A-Z0-9-]{1,40}$/;
const ASSET_ID = /^[0-9a-f-]{36}$/;

/** The installation address with the owner's contact fields where it gives none. */
const installationOf = (
  value: unknown,
  owner: Json | undefined,
  problems: FieldProblems,
): RegistrationAddress | null => {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) {
    problems.add('installationAddress', 'must be an object');
    return null;
  }
  const contact = Object.fromEntries(
    CONTACT_KEYS.flatMap((key) => {
      const mine = value[key];
      const theirs = owner?.[key];
      return mine === undefined || mine === null
        ? theirs === undefined
          ? []
          : [[key, theirs]]
        : [];
    }),
  );
  const address = readShippingAddress(
    { ...value, ...contact },
    'installationAddress',
    problems,
    'checkout',
  );
  return (address as RegistrationAddress | undefined) ?? null;
};

/** The offline body's shape and values; the catalogue and the upload are checked by `register`. */
export const readOffline = (
  body: Json,
  today: string,
  placesOfPurchase: readonly string[],
  problems: FieldProblems,
): OfflineInput | undefined => {
  const model = problems.text(body.modelNumber, 'modelNumber', {
    max: MODEL_NUMBER_MAX,
    pattern: /^[A-Za-z0-9][A-Za-z0-9-]*$/,
    what: REGISTRATION_MESSAGES.modelNumberUnknown,
  });
  if (body.modelNumber === undefined || body.modelNumber === null) {
    // problems.text said 'is required'; nothing more.
  }
  let purchaseDate: string | undefined;
  const date = problems.text(body.purchaseDate, 'purchaseDate', { max: 10 });
  if (date !== undefined) {
    const problem = purchaseDateProblem(date, today);
    if (problem === null) purchaseDate = date;
    else problems.add('purchaseDate', problem);
  }
  const place = problems.text(body.placeOfPurchase, 'placeOfPurchase', { max: 100 });
  if (place !== undefined && !placesOfPurchase.includes(place)) {
    problems.add('placeOfPurchase', REGISTRATION_MESSAGES.placeOfPurchase);
  }
  const serial = problems.text(body.serialNumber, 'serialNumber', {
    required: false,
    max: 40,
    pattern: SERIAL_NUMBER,
    what: REGISTRATION_MESSAGES.serialNumber,
  });
  const ownerRaw = isRecord(body.owner) ? body.owner : undefined;
  const owner = readShippingAddress(body.owner, 'owner', problems, 'checkout') as
    RegistrationAddress | undefined;
  const installation = installationOf(body.installationAddress, ownerRaw, problems);
  let proof: string | null = null;
  if (body.proofOfPurchase !== undefined && body.proofOfPurchase !== null) {
    if (typeof body.proofOfPurchase !== 'string' || !ASSET_ID.test(body.proofOfPurchase)) {
      problems.add('proofOfPurchase', REGISTRATION_MESSAGES.proofOfPurchase);
    } else proof = body.proofOfPurchase;
  }
  if (!problems.empty) return undefined;
  if (model === undefined || purchaseDate === undefined || place === undefined) return undefined;
  if (owner === undefined) return undefined;
  return {
    modelNumber: model.toUpperCase(),
    purchaseDate,
    placeOfPurchase: place,
    serialNumber: serial ?? null,
    owner,
    installationAddress: installation,
    proofOfPurchase: proof,
  };
};

export const readOnline = (body: Json, problems: FieldProblems): OnlineInput | undefined => {
  const items = body.items;
  const read: { orderNumber: string; lineItemId: string }[] = [];
  if (!Array.isArray(items) || items.length === 0) {
    problems.add('items', REGISTRATION_MESSAGES.itemsRequired);
  } else if (items.length > MAX_ONLINE_ITEMS) {
    problems.add('items', `must be at most ${MAX_ONLINE_ITEMS} items`);
  } else {
    items.forEach((item: unknown, i) => {
      const at = `items[${i}]`;
      if (!isRecord(item)) {
        problems.add(at, 'must be an object');
        return;
      }
      const orderNumber = problems.text(item.orderNumber, `${at}.orderNumber`, { max: 40 });
      const lineItemId = problems.text(item.lineItemId, `${at}.lineItemId`, {
        max: 100,
        pattern: ITEM_ID,
      });
      if (orderNumber === undefined || lineItemId === undefined) return;
      const upper = orderNumber.toUpperCase();
      if (!ORDER_NUMBER.test(upper)) {
        problems.add(`${at}.orderNumber`, REGISTRATION_MESSAGES.itemUnknown);
        return;
      }
      if (!read.some((r) => r.orderNumber === upper && r.lineItemId === lineItemId)) {
        read.push({ orderNumber: upper, lineItemId });
      }
    });
  }
  const installation = installationOf(body.installationAddress, undefined, problems);
  if (!problems.empty) return undefined;
  return { items: read, installationAddress: installation };
};

interface RegistrationRow {
  readonly id: string;
  readonly kind: 'offline' | 'online';
  readonly model_number: string;
  readonly product_sku: string;
  readonly title: string | null;
  readonly finish: string | null;
  readonly purchase_date: string;
  readonly place_of_purchase: string;
  readonly serial_number: string | null;
  readonly owner_address: RegistrationAddress;
  readonly installation_address: RegistrationAddress | null;
  readonly asset_id: string | null;
  readonly asset_name: string | null;
  readonly asset_type: string | null;
  readonly asset_size: number | null;
  readonly order_number: string | null;
  readonly line_item_id: string | null;
  readonly registered_at: Date | string;
}

const REGISTRATION_SELECT = `
  SELECT r.id, r.kind, r.model_number, r.product_sku, p.title, f.name AS finish,
         to_char(r.purchase_date, 'YYYY-MM-DD') AS purchase_date, r.place_of_purchase,
         r.serial_number, r.owner_address, r.installation_address,
         a.id AS asset_id, a.file_name AS asset_name, a.content_type AS asset_type,
         a.size AS asset_size, r.order_number, r.line_item_id, r.registered_at
  FROM product_registrations r
  LEFT JOIN products p ON p.sku = r.product_sku
  LEFT JOIN product_variants v ON v.sku = r.model_number
  LEFT JOIN finishes f ON f.code = v.finish_code
  LEFT JOIN crm_assets a ON a.id = r.proof_asset_id`;

const registrationOfRow = (row: RegistrationRow): ProductRegistration => {
  const proof: UploadedAsset | null =
    row.asset_id === null
      ? null
      : {
          assetId: row.asset_id,
          fileName: row.asset_name ?? '',
          contentType: row.asset_type ?? '',
          size: Number(row.asset_size ?? 0),
          url: assetUrl(row.asset_id),
        };
  return {
    id: row.id,
    kind: row.kind,
    modelNumber: row.model_number,
    productSku: row.product_sku,
    title: row.title ?? row.model_number,
    finish: row.finish,
    purchaseDate: row.purchase_date,
    placeOfPurchase: row.place_of_purchase,
    serialNumber: row.serial_number,
    owner: row.owner_address,
    installationAddress: row.installation_address,
    proofOfPurchase: proof,
    orderNumber: row.order_number,
    lineItemId: row.line_item_id,
    registeredAt: new Date(row.registered_at).toISOString(),
  };
};

interface ProductFacts {
  readonly sku: string;
  readonly product_sku: string;
  readonly title: string;
  readonly slug: string;
  readonly category_slug: string;
  readonly kind: string;
  readonly specs: readonly { label?: string; value?: string }[];
  readonly documents: readonly { kind?: string; title?: string; url?: string }[];
  readonly finish: string | null;
  readonly image: string | null;
  readonly discontinued: boolean;
}

/** Facts of a SKU (a finish's or a product's) for the lists; the product's first finish's image. */
const PRODUCT_FACTS = `
  SELECT q.sku, p.sku AS product_sku, p.title, p.slug, p.category_slug, p.kind, p.specs,
         p.documents, f.name AS finish,
         COALESCE(v.image_url, (SELECT image_url FROM product_variants
                                WHERE product_sku = p.sku ORDER BY position LIMIT 1)) AS image,
         COALESCE(v.discontinued_at <= $2::date,
                  NOT EXISTS (SELECT 1 FROM product_variants w WHERE w.product_sku = p.sku
                              AND (w.discontinued_at IS NULL OR w.discontinued_at > $2::date)))
           AS discontinued
  FROM unnest($1::text[]) AS q (sku)
  LEFT JOIN product_variants v ON v.sku = q.sku
  JOIN products p ON p.sku = COALESCE(v.product_sku, q.sku)
  LEFT JOIN finishes f ON f.code = v.finish_code`;

const urlOf = (facts: Pick<ProductFacts, 'category_slug' | 'slug'>): string =>
  productLinkPath({ category: facts.category_slug, slug: facts.slug }, SERVER_PRODUCT_LINKS);

const warrantyText = (facts: ProductFacts | undefined): string =>
  facts?.specs.find((s) => s.label === 'Warranty')?.value ?? '';

const documentsOf = (facts: ProductFacts | undefined): ProductDocumentLink[] =>
  (facts?.documents ?? []).flatMap((d) =>
    typeof d.kind === 'string' && typeof d.title === 'string' && typeof d.url === 'string'
      ? [{ type: d.kind, title: d.title, url: d.url }]
      : [],
  );

const utcDate = (instant: string): string => new Date(instant).toISOString().slice(0, 10);

export class RegistrationService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Database,
    private readonly placesOfPurchase: readonly string[],
    options: { readonly clock?: Clock } = {},
  ) {
    this.clock = options.clock ?? { now: () => Date.now() };
  }

  today(): string {
    return isoToday(this.clock.now());
  }

  places(): readonly string[] {
    return this.placesOfPurchase;
  }

  /** The registrable product of a model number: its master SKU; null when not in the catalogue. */
  private async productOf(db: Queryable, modelNumber: string): Promise<string | null> {
    const r = await db.query<{ product_sku: string }>(
      `SELECT p.sku AS product_sku FROM products p
       WHERE p.kind IN ('finished-good', 'part')
         AND (p.sku = $1 OR p.sku = (SELECT product_sku FROM product_variants WHERE sku = $1))`,
      [modelNumber],
    );
    return r.rows[0]?.product_sku ?? null;
  }

  /**
   * What only the database knows about an offline form — an unknown model number, a proof of
   * purchase that is not the caller's or already proves another registration — added to the
   * problems of its shape, so one answer names every bad field. Fields already refused are skipped.
   */
  async lookupProblems(
    db: Queryable,
    ownerKey: string,
    body: Json,
    problems: FieldProblems,
  ): Promise<string | null> {
    const named = (field: string) => problems.list.some((p) => p.field === field);
    let productSku: string | null = null;
    if (typeof body.modelNumber === 'string' && !named('modelNumber')) {
      productSku = await this.productOf(db, body.modelNumber.trim().toUpperCase());
      if (productSku === null) {
        problems.add('modelNumber', REGISTRATION_MESSAGES.modelNumberUnknown);
      }
    }
    if (typeof body.proofOfPurchase === 'string' && !named('proofOfPurchase')) {
      const asset = await db.query<{ used: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM product_registrations WHERE proof_asset_id = a.id) AS used
         FROM crm_assets a WHERE a.id = $1 AND a.owner_key = $2 FOR UPDATE`,
        [body.proofOfPurchase, ownerKey],
      );
      const row = asset.rows[0];
      if (row === undefined || row.used) {
        problems.add('proofOfPurchase', REGISTRATION_MESSAGES.proofOfPurchase);
      }
    }
    return productSku;
  }

  /** Writes an offline registration; a problem only the database knows is a 400 naming it. */
  async registerOffline(ownerKey: string, input: OfflineInput): Promise<ProductRegistration> {
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      // Checked again in the transaction that writes: the proof's row stays locked till commit.
      const problems = new FieldProblems();
      const productSku = await this.lookupProblems(
        tx,
        ownerKey,
        { modelNumber: input.modelNumber, proofOfPurchase: input.proofOfPurchase },
        problems,
      );
      problems.check();
      await tx.query(
        `INSERT INTO product_registrations (id, owner_key, kind, model_number, product_sku,
           purchase_date, place_of_purchase, serial_number, owner_email, owner_address,
           installation_address, proof_asset_id, registered_at)
         VALUES ($1, $2, 'offline', $3, $4, $5::date, $6, $7, $8, $9::jsonb, $10::jsonb, $11, $12)`,
        [
          id,
          ownerKey,
          input.modelNumber,
          productSku,
          input.purchaseDate,
          input.placeOfPurchase,
          input.serialNumber,
          input.owner.email.toLowerCase(),
          JSON.stringify(input.owner),
          input.installationAddress === null ? null : JSON.stringify(input.installationAddress),
          input.proofOfPurchase,
          new Date(this.clock.now()),
        ],
      );
    });
    const written = await this.one(ownerKey, id);
    if (written === null) throw new Error('registration not written');
    return written;
  }

  /** Registers lines of the customer's orders; lines already registered say so. All or nothing. */
  async registerOnline(
    customerKey: string,
    input: OnlineInput,
  ): Promise<{ registrations: ProductRegistration[]; items: OnlineItemOutcome[] }> {
    const orderNumbers = [...new Set(input.items.map((i) => i.orderNumber))];
    const outcomes = await this.db.transaction(async (tx) => {
      const found = await tx.query<{ order_number: string; doc: Order }>(
        `SELECT order_number, doc FROM orders WHERE order_number = ANY($1::text[]) AND owner_key = $2`,
        [orderNumbers, customerKey],
      );
      const orders = new Map(found.rows.map((r) => [r.order_number, r.doc]));
      const problems = new FieldProblems();
      const lines = input.items.map((item, i) => {
        const line = orders
          .get(item.orderNumber)
          ?.lineItems.find((l) => l.id === item.lineItemId && !l.isService);
        if (line === undefined) problems.add(`items[${i}]`, REGISTRATION_MESSAGES.itemUnknown);
        return { item, line, order: orders.get(item.orderNumber) };
      });
      problems.check();
      const result: (OnlineItemOutcome & { fresh: boolean })[] = [];
      for (const { item, line, order } of lines) {
        if (line === undefined || order === undefined) continue;
        const productSku = (await this.productOf(tx, line.sku)) ?? line.sku;
        const owner = order.shippingAddress;
        const id = randomUUID();
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO product_registrations (id, owner_key, kind, model_number, product_sku,
             purchase_date, place_of_purchase, owner_email, owner_address, installation_address,
             order_number, line_item_id, registered_at)
           VALUES ($1, $2, 'online', $3, $4, $5::date, 'Lavabo online', $6, $7::jsonb, $8::jsonb,
             $9, $10, $11)
           ON CONFLICT (order_number, line_item_id) DO NOTHING
           RETURNING id`,
          [
            id,
            customerKey,
            line.sku,
            productSku,
            utcDate(order.createdAt),
            order.email.toLowerCase(),
            JSON.stringify(owner),
            input.installationAddress === null ? null : JSON.stringify(input.installationAddress),
            item.orderNumber,
            item.lineItemId,
            new Date(this.clock.now()),
          ],
        );
        const fresh = inserted.rows[0]?.id;
        const registrationId =
          fresh ??
          (
            await tx.query<{ id: string }>(
              'SELECT id FROM product_registrations WHERE order_number = $1 AND line_item_id = $2',
              [item.orderNumber, item.lineItemId],
            )
          ).rows[0]?.id ??
          '';
        result.push({
          ...item,
          sku: line.sku,
          status: fresh === undefined ? 'already-registered' : 'registered',
          registrationId,
          fresh: fresh !== undefined,
        });
      }
      return result;
    });
    const all = await this.list(customerKey);
    const freshIds = new Set(outcomes.filter((o) => o.fresh).map((o) => o.registrationId));
    return {
      registrations: all.filter((r) => freshIds.has(r.id)),
      items: outcomes.map(({ fresh: _fresh, ...outcome }) => outcome),
    };
  }

  async list(ownerKey: string): Promise<ProductRegistration[]> {
    const r = await this.db.query<RegistrationRow>(
      `${REGISTRATION_SELECT} WHERE r.owner_key = $1 ORDER BY r.registered_at DESC, r.id`,
      [ownerKey],
    );
    return r.rows.map(registrationOfRow);
  }

  private async one(ownerKey: string, id: string): Promise<ProductRegistration | null> {
    const r = await this.db.query<RegistrationRow>(
      `${REGISTRATION_SELECT} WHERE r.owner_key = $1 AND r.id = $2`,
      [ownerKey, id],
    );
    const row = r.rows[0];
    return row === undefined ? null : registrationOfRow(row);
  }

  /** Removes the owner's registration (its proof of purchase too); false when not theirs. */
  async remove(ownerKey: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const r = await tx.query<{ proof_asset_id: string | null }>(
        'DELETE FROM product_registrations WHERE id = $1 AND owner_key = $2 RETURNING proof_asset_id',
        [id, ownerKey],
      );
      const row = r.rows[0];
      if (row === undefined) return false;
      if (row.proof_asset_id !== null) {
        await tx.query('DELETE FROM crm_assets WHERE id = $1 AND owner_key = $2', [
          row.proof_asset_id,
          ownerKey,
        ]);
      }
      return true;
    });
  }

  /** Catalogue SKUs (products' and finishes') starting with `query`, discontinued included. */
  async suggest(query: string): Promise<ModelSuggestion[]> {
    const prefix = `${query.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const today = this.today();
    const r = await this.db.query<{ sku: string; title: string; discontinued: boolean }>(
      `SELECT s.sku, s.title, s.discontinued FROM (
         SELECT p.sku, p.title,
                NOT EXISTS (SELECT 1 FROM product_variants w WHERE w.product_sku = p.sku
                            AND (w.discontinued_at IS NULL OR w.discontinued_at > $2::date))
                  AS discontinued
         FROM products p WHERE p.kind IN ('finished-good', 'part') AND p.sku LIKE $1
         UNION ALL
         SELECT v.sku, p.title, COALESCE(v.discontinued_at <= $2::date, false)
         FROM product_variants v JOIN products p ON p.sku = v.product_sku
         WHERE p.kind IN ('finished-good', 'part') AND v.sku LIKE $1 AND v.sku <> p.sku
       ) s ORDER BY length(s.sku), s.sku LIMIT 10`,
      [prefix, today],
    );
    return r.rows.map((row) => ({
      modelNumber: row.sku,
      title: row.title,
      discontinued: row.discontinued,
    }));
  }

  private async facts(skus: readonly string[]): Promise<Map<string, ProductFacts>> {
    if (skus.length === 0) return new Map();
    const r = await this.db.query<ProductFacts>(PRODUCT_FACTS, [[...new Set(skus)], this.today()]);
    return new Map(r.rows.map((row) => [row.sku, row]));
  }

  private async fittingParts(productSkus: readonly string[]): Promise<Map<string, FittingPart[]>> {
    const parts = new Map<string, FittingPart[]>();
    if (productSkus.length === 0) return parts;
    const r = await this.db.query<{
      model: string;
      sku: string;
      title: string;
      slug: string;
      category_slug: string;
    }>(
      `SELECT m.model, p.sku, p.title, p.slug, p.category_slug
       FROM unnest($1::text[]) AS m (model)
       JOIN products p ON p.kind = 'part' AND m.model = ANY (p.fits_models)
       ORDER BY m.model, p.sku`,
      [[...new Set(productSkus)]],
    );
    for (const row of r.rows) {
      const list = parts.get(row.model) ?? [];
      if (list.length < 12) list.push({ sku: row.sku, title: row.title, url: urlOf(row) });
      parts.set(row.model, list);
    }
    return parts;
  }

  private async listSkus(
    ownerKey: string,
    name: 'MyProducts' | 'MyServices',
  ): Promise<{ id: string; sku: string }[]> {
    const r = await this.db.query<{ id: string; sku: string }>(
      `SELECT i.id, i.sku FROM shopping_list_items i JOIN shopping_lists l ON l.id = i.list_id
       WHERE l.owner_key = $1 AND l.name = $2 ORDER BY i.position`,
      [ownerKey, name],
    );
    return r.rows;
  }

  async myProducts(ownerKey: string): Promise<MyProduct[]> {
    const registrations = await this.list(ownerKey);
    const saved = await this.listSkus(ownerKey, 'MyProducts');
    const facts = await this.facts([
      ...registrations.map((r) => r.modelNumber),
      ...saved.map((s) => s.sku),
    ]);
    const parts = await this.fittingParts([...facts.values()].map((f) => f.product_sku));
    const today = this.today();
    const entry = (sku: string, extra: MyProductOrigin): MyProduct => {
      const f = facts.get(sku);
      const documents = documentsOf(f);
      return {
        ...extra,
        sku,
        productSku: f?.product_sku ?? sku,
        title: f?.title ?? sku,
        finish: f?.finish ?? null,
        image: f?.image ?? '',
        url: f === undefined ? '' : urlOf(f),
        discontinued: f?.discontinued ?? false,
        warranty: warrantyOf(warrantyText(f), extra.purchaseDate, today),
        specSheetUrl: documents.find((d) => d.type === 'spec-sheet')?.url ?? null,
        documents,
        fittingParts: f === undefined ? [] : (parts.get(f.product_sku) ?? []),
      };
    };
    return [
      ...registrations.map((r) =>
        entry(r.modelNumber, {
          source: 'registered',
          registrationId: r.id,
          listLineItemId: null,
          purchaseDate: r.purchaseDate,
          serialNumber: r.serialNumber,
          proofOfPurchase: r.proofOfPurchase,
        }),
      ),
      ...saved
        .filter((s) => facts.has(s.sku))
        .map((s) =>
          entry(s.sku, {
            source: 'saved',
            registrationId: null,
            listLineItemId: s.id,
            purchaseDate: null,
            serialNumber: null,
            proofOfPurchase: null,
          }),
        ),
    ];
  }

  async myServices(ownerKey: string): Promise<MyService[]> {
    const orders = await this.db.query<{ doc: Order }>(
      `SELECT doc FROM orders WHERE owner_key = $1 AND parent_order_number IS NULL
       ORDER BY created_at DESC, order_number DESC LIMIT 200`,
      [ownerKey],
    );
    const ordered = orders.rows.flatMap(({ doc }) =>
      doc.lineItems.filter((l) => l.isService).map((line) => ({ line, order: doc })),
    );
    const saved = await this.listSkus(ownerKey, 'MyServices');
    const facts = await this.facts([...ordered.map((o) => o.line.sku), ...saved.map((s) => s.sku)]);
    const serviceKind = (sku: string): MyService['kind'] | null => {
      const kind = facts.get(sku)?.kind;
      return kind === 'design-service' || kind === 'install-service' ? kind : null;
    };
    const base = (sku: string) => {
      const f = facts.get(sku);
      return {
        sku,
        title: f?.title ?? sku,
        image: f?.image ?? '',
        url: f === undefined ? '' : urlOf(f),
      };
    };
    return [
      ...ordered.flatMap(({ line, order }) => {
        const kind = serviceKind(line.sku);
        return kind === null
          ? []
          : [
              {
                ...base(line.sku),
                source: 'ordered' as const,
                kind,
                status: order.status,
                orderNumber: order.orderNumber,
                orderedAt: order.createdAt,
                listLineItemId: null,
              },
            ];
      }),
      ...saved.flatMap((s) => {
        const kind = serviceKind(s.sku);
        return kind === null
          ? []
          : [
              {
                ...base(s.sku),
                source: 'saved' as const,
                kind,
                status: 'Saved',
                orderNumber: null,
                orderedAt: null,
                listLineItemId: s.id,
              },
            ];
      }),
    ];
  }

  async registrableItems(customerKey: string): Promise<RegistrableItem[]> {
    const orders = await this.db.query<{ doc: Order }>(
      `SELECT doc FROM orders WHERE owner_key = $1 AND status <> 'Cancelled'
       ORDER BY created_at DESC, order_number DESC LIMIT 200`,
      [customerKey],
    );
    const registered = await this.db.query<{
      id: string;
      order_number: string;
      line_item_id: string;
    }>(
      `SELECT id, order_number, line_item_id FROM product_registrations
       WHERE owner_key = $1 AND kind = 'online'`,
      [customerKey],
    );
    const byLine = new Map(
      registered.rows.map((r) => [`${r.order_number}\u0000${r.line_item_id}`, r.id]),
    );
    return orders.rows.flatMap(({ doc }) =>
      doc.lineItems
        .filter((l) => !l.isService && l.bundleParentId === undefined)
        .map((line) => ({
          orderNumber: doc.orderNumber,
          lineItemId: line.id,
          sku: line.sku,
          title: line.name['en-US'] ?? Object.values(line.name)[0] ?? line.sku,
          image: line.image ?? '',
          finish: line.color ?? null,
          orderedAt: doc.createdAt,
          registrationId: byLine.get(`${doc.orderNumber}\u0000${line.id}`) ?? null,
        })),
    );
  }
}

/**
 * Registrations a guest made from the session that now signs in or signs up become the customer's
 * when they name the customer's e-mail as the owner's, their proofs of purchase with them (the
 * guest-orders claim's rule, server/api/orders.ts). Answers how many moved.
 */
export const claimGuestRegistrations = async (
  db: Queryable,
  customerId: string,
  customerKey: string,
  guestKey: string,
  email: string,
): Promise<number> => {
  const r = await db.query<{ n: number }>(
    `WITH moved AS (
       UPDATE product_registrations SET owner_key = $1
       WHERE owner_key = $2 AND owner_email = $3
         AND EXISTS (SELECT 1 FROM customers WHERE id = $4)
       RETURNING proof_asset_id),
     assets AS (
       UPDATE crm_assets SET owner_key = $1
       WHERE owner_key = $2 AND id IN (SELECT proof_asset_id FROM moved)
       RETURNING id)
     SELECT (SELECT count(*) FROM moved)::int AS n, (SELECT count(*) FROM assets)::int AS a`,
    [customerKey, guestKey, email.trim().toLowerCase(), customerId],
  );
  return Number(r.rows[0]?.n ?? 0);
};
