/**
 * Product registration in the tab, for the offline demo and UI tests, with the server's rules
 * (docs/registration.md; the same core/registration rules): model numbers from the demo catalogue
 * (discontinued included, services not), purchase date not in the future, place of purchase from
 * the configuration, the checkout address rules, uploads judged by their first bytes and at most
 * 10 MB, registrations and files per owner (the server's owner keys), online registration of the
 * owner's order lines once each, and a guest's registrations joining the account at sign-in
 * (claimGuestRegistrations, wired in adapters/di/fake-adapters.ts).
 */
import { checkSavedAddress } from '../../../core/account/address-book';
import { productLinkPath } from '../../../core/catalog/product-link';
import type { DiscontinuedDate } from '../../../core/catalog/discontinued';
import { parseSkuDetails } from '../../../core/catalog/sku-details';
import { CHECKOUT_COUNTRIES } from '../../../core/checkout/checkout';
import type { ShoppingListGateway } from '../../../core/lists/ports';
import type { Order } from '../../../core/orders/order';
import {
  AssetNotFoundError,
  type DownloadedAsset,
  type InstallationAddress,
  type MyProduct,
  type MyProductOrigin,
  type MyService,
  type OnlineItemOutcome,
  type OrderItemRef,
  type ProductRegistration,
  type ProductRegistrationRequest,
  type RegistrableItem,
  type RegistrationAddress,
  type RegistrationFieldError,
  type RegistrationGateway,
  type RegistrationResponse,
  type UploadAnswer,
  type UploadBody,
  type UploadedAsset,
  type UploadFile,
  type UploadProgress,
} from '../../../core/registration/ports';
import {
  isAcceptableFileName,
  MAX_ONLINE_ITEMS,
  MAX_UPLOAD_BYTES,
  MODEL_NUMBER_MAX,
  purchaseDateProblem,
  REGISTRATION_MESSAGES,
  SERIAL_NUMBER,
  UPLOAD_MESSAGES,
} from '../../../core/registration/registration-rules';
import type { ModelSuggestion } from '../../../core/registration/registration-state';
import { uploadFileName } from '../../../core/registration/upload-file-name';
import { isoToday, warrantyOf } from '../../../core/registration/warranty';
import type { Clock } from '../../../core/shared/clock';
import { validateEmail } from '../../../core/validation/email';
import type { SearchDocument } from '../../http/catalog/search-document.codec';

interface Model {
  readonly sku: string;
  readonly productSku: string;
  readonly title: string;
  readonly slug: string;
  readonly category: string;
  readonly kind: string;
  readonly finish: string | null;
  readonly image: string;
  /** 'false' or the ISO date it was discontinued. */
  readonly discontinuedAt: string;
  readonly doc: SearchDocument;
}

interface StoredAsset {
  readonly owner: string;
  readonly asset: UploadedAsset;
  readonly bytes: Uint8Array;
}

interface StoredRegistration {
  owner: string;
  readonly ownerEmail: string;
  readonly registration: ProductRegistration;
}

export interface FakeRegistrationDeps {
  readonly documents: readonly SearchDocument[];
  readonly placesOfPurchase: readonly string[];
  readonly clock: Clock;
  /** Whose calls these are, keyed as the server keys owners (`customer:<id>`, `guest:<id>`). */
  readonly owner: () => string;
  /** The owner's orders, every state (the fake orders gateway's). */
  readonly orders: () => Promise<readonly Order[]>;
  readonly lists: Pick<ShoppingListGateway, 'getLists'>;
}

const REGISTRABLE_KINDS = ['finished-good', 'part'];
const CONTACT_KEYS = ['firstName', 'lastName', 'email', 'mobile'] as const;
const ADDRESS_KEYS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'streetName',
  'city',
  'state',
  'postalCode',
  'country',
] as const;

let sequence = 0;
const newId = (): string => {
  sequence += 1;
  const hex = (sequence.toString(16) + Date.now().toString(16)).padStart(12, '0').slice(-12);
  return `00000000-0000-4000-8000-${hex}`;
};

/** 'false' (never, or unreadable: sold) or the ISO date of a discontinued date. */
const isoOfDate = (date: DiscontinuedDate): string =>
  date.kind === 'on' ? new Date(date.at).toISOString().slice(0, 10) : 'false';

const pipeFields = (entries: readonly string[] | undefined): string[][] =>
  (entries ?? []).map((e) => e.split('|'));

/** What the first bytes say (the server's file-type does the same for these four). */
export const sniffType = (bytes: Uint8Array): string | null => {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (text(4, 8) === 'ftyp' && ['heic', 'heix', 'heim', 'heis'].includes(text(8, 12))) {
    return 'image/heic';
  }
  return null;
};

const bytesOf = async (body: UploadBody): Promise<Uint8Array> => {
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return new Uint8Array(await body.arrayBuffer());
};

export class FakeRegistrationGateway implements RegistrationGateway {
  private readonly models = new Map<string, Model>();
  private readonly assets = new Map<string, StoredAsset>();
  private readonly registrations: StoredRegistration[] = [];

  constructor(private readonly deps: FakeRegistrationDeps) {
    for (const doc of deps.documents) {
      const base = {
        productSku: doc.sku_s,
        title: doc.Product_Title_s,
        slug: doc.slug_s,
        category: doc.category_s ?? '',
        kind: doc.productKind_s ?? 'finished-good',
        doc,
      };
      const details = parseSkuDetails(doc['Color.SKU.Details_ss'] ?? []).details;
      for (const d of details) {
        const [finish = '', , , , image = ''] = d.extra;
        this.models.set(d.sku.toUpperCase(), {
          ...base,
          sku: d.sku,
          finish: finish === '' ? null : finish,
          image,
          discontinuedAt: isoOfDate(d.discontinuedDate),
        });
      }
      if (!this.models.has(doc.sku_s.toUpperCase())) {
        const first = details[0];
        this.models.set(doc.sku_s.toUpperCase(), {
          ...base,
          sku: doc.sku_s,
          finish: null,
          image: first?.extra[4] ?? '',
          discontinuedAt: details.every((d) => this.isGone(isoOfDate(d.discontinuedDate)))
            ? isoToday(deps.clock.now())
            : 'false',
        });
      }
    }
  }

  private today(): string {
    return isoToday(this.deps.clock.now());
  }

  private isGone(discontinuedAt: string): boolean {
    return discontinuedAt !== 'false' && discontinuedAt.slice(0, 10) <= this.today();
  }

  private registrable(modelNumber: string): Model | null {
    const model = this.models.get(modelNumber.toUpperCase());
    return model !== undefined && REGISTRABLE_KINDS.includes(model.kind) ? model : null;
  }

  /** The server's address rules (server/http/address-input.ts, checkout mode). */
  private address(
    value: unknown,
    field: string,
    errors: RegistrationFieldError[],
  ): RegistrationAddress | null {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ field, message: value === undefined ? 'is required' : 'must be an object' });
      return null;
    }
    const o = value as Record<string, unknown>;
    const before = errors.length;
    const given: Record<string, string> = {};
    for (const key of [...ADDRESS_KEYS, 'addressLine2'] as const) {
      const v = o[key];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        if (key !== 'addressLine2')
          errors.push({ field: `${field}.${key}`, message: 'is required' });
      } else if (typeof v !== 'string')
        errors.push({ field: `${field}.${key}`, message: 'must be text' });
      else given[key] = v.trim();
    }
    const country = given.country?.toUpperCase();
    if (country !== undefined && !(CHECKOUT_COUNTRIES as readonly string[]).includes(country)) {
      errors.push({
        field: `${field}.country`,
        message: `must be one of ${CHECKOUT_COUNTRIES.join(', ')}`,
      });
    }
    if (given.email !== undefined) {
      const email = validateEmail(given.email);
      if (!email.valid)
        errors.push({ field: `${field}.email`, message: email.message ?? 'is not valid' });
    }
    const checked = checkSavedAddress({ ...given, country: country ?? 'ZZ' });
    if (!checked.ok) {
      for (const failure of checked.error) {
        if (failure.field !== 'country' && given[failure.field] !== undefined) {
          errors.push({
            field: `${field}.${failure.field}`,
            message: failure.message ?? 'is not valid',
          });
        }
      }
    }
    if (errors.length > before) return null;
    return {
      firstName: given.firstName ?? '',
      lastName: given.lastName ?? '',
      email: (given.email ?? '').toLowerCase(),
      mobile: given.mobile ?? '',
      streetName: given.streetName ?? '',
      ...(given.addressLine2 === undefined ? {} : { addressLine2: given.addressLine2 }),
      city: given.city ?? '',
      state: (given.state ?? '').toUpperCase(),
      postalCode: (given.postalCode ?? '').toUpperCase(),
      country: country ?? '',
    };
  }

  private installation(
    value: InstallationAddress | undefined,
    owner: unknown,
    errors: RegistrationFieldError[],
  ): RegistrationAddress | null {
    if (value === undefined || value === null) return null;
    const ownerFields =
      typeof owner === 'object' && owner !== null ? (owner as Record<string, unknown>) : {};
    const contact = Object.fromEntries(
      CONTACT_KEYS.flatMap((k) =>
        value[k] === undefined || value[k] === null
          ? ownerFields[k] === undefined
            ? []
            : [[k, ownerFields[k]]]
          : [],
      ),
    );
    return this.address({ ...value, ...contact }, 'installationAddress', errors);
  }

  private refused(errors: readonly RegistrationFieldError[]): RegistrationResponse {
    return {
      success: 'false',
      message: errors
        .map(({ field, message }) =>
          /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`,
        )
        .join('; '),
      fieldErrors: errors,
    };
  }

  private record(
    model: Model | null,
    modelNumber: string,
    r: Omit<ProductRegistration, 'modelNumber' | 'productSku' | 'title' | 'finish'>,
  ): ProductRegistration {
    return {
      ...r,
      modelNumber: model?.sku ?? modelNumber,
      productSku: model?.productSku ?? modelNumber,
      title: model?.title ?? modelNumber,
      finish: model?.finish ?? null,
    };
  }

  async submit(request: ProductRegistrationRequest): Promise<RegistrationResponse> {
    const owner = this.deps.owner();
    const body = request as unknown as Record<string, unknown>;
    if (body.kind === 'online') return this.submitOnline(owner, body);
    if (body.kind !== 'offline') {
      return this.refused([{ field: 'kind', message: 'must be one of offline, online' }]);
    }
    const errors: RegistrationFieldError[] = [];
    const text = (key: string, max: number, required = true): string | undefined => {
      const v = body[key];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        if (required) errors.push({ field: key, message: 'is required' });
        return undefined;
      }
      if (typeof v !== 'string') {
        errors.push({ field: key, message: 'must be text' });
        return undefined;
      }
      if (v.trim().length > max) {
        errors.push({ field: key, message: `must be at most ${max} characters` });
        return undefined;
      }
      return v.trim();
    };
    const modelNumber = text('modelNumber', MODEL_NUMBER_MAX);
    const model = modelNumber === undefined ? null : this.registrable(modelNumber);
    if (modelNumber !== undefined && model === null) {
      errors.push({ field: 'modelNumber', message: REGISTRATION_MESSAGES.modelNumberUnknown });
    }
    const purchaseDate = text('purchaseDate', 10);
    const dateProblem =
      purchaseDate === undefined ? null : purchaseDateProblem(purchaseDate, this.today());
    if (dateProblem !== null) errors.push({ field: 'purchaseDate', message: dateProblem });
    const place = text('placeOfPurchase', 100);
    if (place !== undefined && !this.deps.placesOfPurchase.includes(place)) {
      errors.push({ field: 'placeOfPurchase', message: REGISTRATION_MESSAGES.placeOfPurchase });
    }
    const serial = text('serialNumber', 40, false);
    if (serial !== undefined && !SERIAL_NUMBER.test(serial)) {
      errors.push({ field: 'serialNumber', message: REGISTRATION_MESSAGES.serialNumber });
    }
    const ownerAddress = this.address(body.owner, 'owner', errors);
    const installation = this.installation(
      body.installationAddress as InstallationAddress | undefined,
      body.owner,
      errors,
    );
    const proofId = body.proofOfPurchase;
    let proof: UploadedAsset | null = null;
    if (proofId !== undefined && proofId !== null) {
      const stored = typeof proofId === 'string' ? this.assets.get(proofId) : undefined;
      const used = this.registrations.some(
        (r) => r.registration.proofOfPurchase?.assetId === proofId,
      );
      if (stored === undefined || stored.owner !== owner || used) {
        errors.push({ field: 'proofOfPurchase', message: REGISTRATION_MESSAGES.proofOfPurchase });
      } else proof = stored.asset;
    }
    if (
      errors.length > 0 ||
      ownerAddress === null ||
      purchaseDate === undefined ||
      place === undefined
    ) {
      return this.refused(errors);
    }
    const registration = this.record(model, modelNumber ?? '', {
      id: newId(),
      kind: 'offline',
      purchaseDate,
      placeOfPurchase: place,
      serialNumber: serial ?? null,
      owner: ownerAddress,
      installationAddress: installation,
      proofOfPurchase: proof,
      orderNumber: null,
      lineItemId: null,
      registeredAt: new Date(this.deps.clock.now()).toISOString(),
    });
    this.registrations.unshift({ owner, ownerEmail: ownerAddress.email, registration });
    return {
      success: 'true',
      message: REGISTRATION_MESSAGES.success,
      registrations: [registration],
    };
  }

  private async submitOnline(
    owner: string,
    body: Record<string, unknown>,
  ): Promise<RegistrationResponse> {
    if (!owner.startsWith('customer:')) {
      return { success: 'false', message: 'Sign in as a customer to do this.', fieldErrors: [] };
    }
    const errors: RegistrationFieldError[] = [];
    const items = body.items;
    if (!Array.isArray(items) || items.length === 0) {
      return this.refused([{ field: 'items', message: REGISTRATION_MESSAGES.itemsRequired }]);
    }
    if (items.length > MAX_ONLINE_ITEMS) {
      return this.refused([
        { field: 'items', message: `must be at most ${MAX_ONLINE_ITEMS} items` },
      ]);
    }
    const orders = await this.deps.orders();
    const refs: { ref: OrderItemRef; order: Order; sku: string }[] = [];
    items.forEach((item: unknown, i) => {
      const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const number = typeof o.orderNumber === 'string' ? o.orderNumber.trim().toUpperCase() : '';
      const lineId = typeof o.lineItemId === 'string' ? o.lineItemId.trim() : '';
      const order = orders.find((x) => x.orderNumber.toUpperCase() === number);
      const line = order?.lineItems.find((l) => l.id === lineId && !l.isService);
      if (order === undefined || line === undefined) {
        errors.push({ field: `items[${i}]`, message: REGISTRATION_MESSAGES.itemUnknown });
      } else if (
        !refs.some((r) => r.ref.orderNumber === order.orderNumber && r.ref.lineItemId === lineId)
      ) {
        refs.push({
          ref: { orderNumber: order.orderNumber, lineItemId: lineId },
          order,
          sku: line.sku,
        });
      }
    });
    const installation = this.installation(
      body.installationAddress as InstallationAddress | undefined,
      undefined,
      errors,
    );
    if (errors.length > 0) return this.refused(errors);
    const fresh: ProductRegistration[] = [];
    const outcomes: OnlineItemOutcome[] = refs.map(({ ref, order, sku }) => {
      const existing = this.registrations.find(
        (r) =>
          r.registration.orderNumber === ref.orderNumber &&
          r.registration.lineItemId === ref.lineItemId,
      );
      if (existing !== undefined) {
        return {
          ...ref,
          sku,
          status: 'already-registered',
          registrationId: existing.registration.id,
        };
      }
      const a = order.shippingAddress;
      const registration = this.record(this.models.get(sku.toUpperCase()) ?? null, sku, {
        id: newId(),
        kind: 'online',
        purchaseDate: order.createdAt.slice(0, 10),
        placeOfPurchase: 'Lavabo online',
        serialNumber: null,
        owner: {
          firstName: a.firstName,
          lastName: a.lastName,
          email: a.email,
          mobile: a.mobile,
          streetName: a.streetName ?? '',
          ...(a.addressLine2 === undefined ? {} : { addressLine2: a.addressLine2 }),
          city: a.city ?? '',
          state: a.state ?? '',
          postalCode: a.postalCode ?? '',
          country: a.country ?? '',
        },
        installationAddress: installation,
        proofOfPurchase: null,
        orderNumber: ref.orderNumber,
        lineItemId: ref.lineItemId,
        registeredAt: new Date(this.deps.clock.now()).toISOString(),
      });
      this.registrations.unshift({ owner, ownerEmail: order.email.toLowerCase(), registration });
      fresh.push(registration);
      return { ...ref, sku, status: 'registered', registrationId: registration.id };
    });
    return {
      success: 'true',
      message: REGISTRATION_MESSAGES.success,
      registrations: fresh,
      items: outcomes,
    };
  }

  async fetchRegistrations(): Promise<readonly ProductRegistration[]> {
    const owner = this.deps.owner();
    return this.registrations.filter((r) => r.owner === owner).map((r) => r.registration);
  }

  async removeRegistration(id: string): Promise<boolean> {
    const owner = this.deps.owner();
    const at = this.registrations.findIndex((r) => r.owner === owner && r.registration.id === id);
    if (at < 0) return false;
    const [removed] = this.registrations.splice(at, 1);
    const assetId = removed?.registration.proofOfPurchase?.assetId;
    if (assetId !== undefined) this.assets.delete(assetId);
    return true;
  }

  private product(sku: string, extra: MyProductOrigin): MyProduct {
    const model = this.models.get(sku.toUpperCase());
    const doc = model?.doc;
    const documents = pipeFields(doc?.documents_ss).map(([type = '', title = '', url = '']) => ({
      type,
      title,
      url,
    }));
    const warranty = pipeFields(doc?.specs_ss).find(([, label]) => label === 'Warranty')?.[2] ?? '';
    const productSku = model?.productSku ?? sku;
    const fittingParts = [...this.models.values()]
      .filter(
        (m) =>
          m.kind === 'part' &&
          m.sku === m.productSku &&
          (m.doc.fitsModels_ss ?? []).includes(productSku),
      )
      .slice(0, 12)
      .map((m) => ({
        sku: m.sku,
        title: m.title,
        url: productLinkPath({ category: m.category, slug: m.slug }),
      }));
    return {
      ...extra,
      sku: model?.sku ?? sku,
      productSku,
      title: model?.title ?? sku,
      finish: model?.finish ?? null,
      image: model?.image ?? '',
      url:
        model === undefined ? '' : productLinkPath({ category: model.category, slug: model.slug }),
      discontinued: model === undefined ? false : this.isGone(model.discontinuedAt),
      warranty: warrantyOf(warranty, extra.purchaseDate, this.today()),
      specSheetUrl: documents.find((d) => d.type === 'spec-sheet')?.url ?? null,
      documents,
      fittingParts,
    };
  }

  async myProducts(): Promise<readonly MyProduct[]> {
    const registered = (await this.fetchRegistrations()).map((r) =>
      this.product(r.modelNumber, {
        source: 'registered',
        registrationId: r.id,
        listLineItemId: null,
        purchaseDate: r.purchaseDate,
        serialNumber: r.serialNumber,
        proofOfPurchase: r.proofOfPurchase,
      }),
    );
    const [list] = await this.deps.lists.getLists('MyProducts');
    const saved = (list?.lineItems ?? [])
      .filter((l) => this.models.has(l.sku.toUpperCase()))
      .map((l) =>
        this.product(l.sku, {
          source: 'saved',
          registrationId: null,
          listLineItemId: l.id,
          purchaseDate: null,
          serialNumber: null,
          proofOfPurchase: null,
        }),
      );
    return [...registered, ...saved];
  }

  async myServices(): Promise<readonly MyService[]> {
    const service = (sku: string) => {
      const model = this.models.get(sku.toUpperCase());
      if (
        model === undefined ||
        (model.kind !== 'design-service' && model.kind !== 'install-service')
      ) {
        return null;
      }
      return {
        sku: model.sku,
        title: model.title,
        kind: model.kind,
        image: model.image,
        url: productLinkPath({ category: model.category, slug: model.slug }),
      } as const;
    };
    const orders = [...(await this.deps.orders())]
      .filter((o) => o.parentOrderNumber === undefined)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const ordered = orders.flatMap((order) =>
      order.lineItems.flatMap((line) => {
        const s = line.isService ? service(line.sku) : null;
        return s === null
          ? []
          : [
              {
                ...s,
                source: 'ordered' as const,
                status: order.status,
                orderNumber: order.orderNumber,
                orderedAt: order.createdAt,
                listLineItemId: null,
              },
            ];
      }),
    );
    const [list] = await this.deps.lists.getLists('MyServices');
    const saved = (list?.lineItems ?? []).flatMap((l) => {
      const s = service(l.sku);
      return s === null
        ? []
        : [
            {
              ...s,
              source: 'saved' as const,
              status: 'Saved',
              orderNumber: null,
              orderedAt: null,
              listLineItemId: l.id,
            },
          ];
    });
    return [...ordered, ...saved];
  }

  async registrableItems(): Promise<readonly RegistrableItem[]> {
    const owner = this.deps.owner();
    if (!owner.startsWith('customer:')) return [];
    const orders = [...(await this.deps.orders())]
      .filter((o) => o.status !== 'Cancelled')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return orders.flatMap((order) =>
      order.lineItems
        .filter((l) => !l.isService && l.bundleParentId === undefined)
        .map((line) => ({
          orderNumber: order.orderNumber,
          lineItemId: line.id,
          sku: line.sku,
          title: line.name['en-US'] ?? Object.values(line.name)[0] ?? line.sku,
          image: line.image ?? '',
          finish: line.color ?? null,
          orderedAt: order.createdAt,
          registrationId:
            this.registrations.find(
              (r) =>
                r.owner === owner &&
                r.registration.orderNumber === order.orderNumber &&
                r.registration.lineItemId === line.id,
            )?.registration.id ?? null,
        })),
    );
  }

  async suggestModels(query: string): Promise<readonly ModelSuggestion[]> {
    const q = query.trim().toUpperCase();
    if (!/^[A-Z0-9-]{2,40}$/.test(q)) return [];
    return [...this.models.values()]
      .filter((m) => REGISTRABLE_KINDS.includes(m.kind) && m.sku.toUpperCase().startsWith(q))
      .sort((a, b) => a.sku.length - b.sku.length || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
      .slice(0, 10)
      .map((m) => ({
        modelNumber: m.sku,
        title: m.title,
        discontinued: this.isGone(m.discontinuedAt),
      }));
  }

  async uploadAsset(
    file: UploadFile,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<UploadAnswer> {
    const name = uploadFileName(file.name.trim());
    if (!isAcceptableFileName(name)) {
      return { kind: 'refused', reason: 'invalid-name', message: UPLOAD_MESSAGES.invalidName };
    }
    const bytes = await bytesOf(file.body);
    onProgress?.({ loaded: 0, total: bytes.byteLength });
    if (bytes.byteLength > MAX_UPLOAD_BYTES) {
      return { kind: 'refused', reason: 'too-large', message: UPLOAD_MESSAGES.tooLarge };
    }
    if (bytes.byteLength === 0)
      return { kind: 'refused', reason: 'empty', message: UPLOAD_MESSAGES.empty };
    const type = sniffType(bytes);
    if (type === null) {
      return {
        kind: 'refused',
        reason: 'unsupported-type',
        message: UPLOAD_MESSAGES.unsupportedType,
      };
    }
    const id = newId();
    const asset: UploadedAsset = {
      assetId: id,
      fileName: name,
      contentType: type,
      size: bytes.byteLength,
      url: `/crm/asset/${id}`,
    };
    this.assets.set(id, { owner: this.deps.owner(), asset, bytes: bytes.slice() });
    onProgress?.({ loaded: bytes.byteLength, total: bytes.byteLength });
    return { kind: 'uploaded', asset };
  }

  /** GET /crm/asset/{id}: the owner's file; another's or an unknown one is refused as not found. */
  async readAsset(asset: Pick<UploadedAsset, 'assetId' | 'fileName'>): Promise<DownloadedAsset> {
    const stored = this.assets.get(asset.assetId);
    if (stored === undefined || stored.owner !== this.deps.owner()) {
      throw new AssetNotFoundError(asset.assetId);
    }
    return {
      fileName: stored.asset.fileName,
      contentType: stored.asset.contentType,
      bytes: stored.bytes.slice(),
    };
  }

  /** A guest session's registrations naming `email` as the owner's become the customer's. */
  claimGuestRegistrations(customerKey: string, guestKey: string, email: string): number {
    const mail = email.trim().toLowerCase();
    let moved = 0;
    for (const r of this.registrations) {
      if (r.owner === guestKey && r.ownerEmail === mail) {
        r.owner = customerKey;
        const assetId = r.registration.proofOfPurchase?.assetId;
        const asset = assetId === undefined ? undefined : this.assets.get(assetId);
        if (assetId !== undefined && asset !== undefined) {
          this.assets.set(assetId, { ...asset, owner: customerKey });
        }
        moved += 1;
      }
    }
    return moved;
  }
}
