/**
 * Ports of product registration, my products and my services (spec §3, §4, §5, §7 CRM; the wire
 * shapes are docs/registration.md's). One gateway, TYPES.RegistrationGateway, over HTTP
 * (adapters/http/registration) or in the tab (adapters/fake/registration).
 */
import type { ModelSuggestion, RegistrationKind } from './registration-state';

/** An owner's or an installation address, as the address forms write it (US and CA). */
export interface RegistrationAddress {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly streetName: string;
  readonly addressLine2?: string;
  readonly city: string;
  /** Two letters, e.g. 'NY' or 'ON'. */
  readonly state: string;
  readonly postalCode: string;
  /** 'US' or 'CA'. */
  readonly country: string;
}

/**
 * The installation address: where the product is fitted. Its contact fields default to the
 * owner's, so a form may send only the postal part.
 */
export type InstallationAddress = Omit<
  RegistrationAddress,
  'firstName' | 'lastName' | 'email' | 'mobile'
> &
  Partial<Pick<RegistrationAddress, 'firstName' | 'lastName' | 'email' | 'mobile'>>;

/** The offline form: a product bought anywhere, with its model number and proof of purchase. */
export interface OfflineRegistrationRequest {
  readonly kind: 'offline';
  /** A catalogue SKU, the product's or one of its finishes' (discontinued ones too). */
  readonly modelNumber: string;
  /** ISO date 'YYYY-MM-DD', not after today. */
  readonly purchaseDate: string;
  /** One of the configuration's lists.placeOfPurchase. */
  readonly placeOfPurchase: string;
  readonly serialNumber?: string;
  readonly owner: RegistrationAddress;
  readonly installationAddress?: InstallationAddress;
  /** The assetId of an upload (RegistrationGateway.uploadAsset) by the same shopper. */
  readonly proofOfPurchase?: string;
}

/** One line of one of the signed-in customer's orders. */
export interface OrderItemRef {
  readonly orderNumber: string;
  readonly lineItemId: string;
}

/** The online form: a signed-in customer registers lines of their orders in one call. */
export interface OnlineRegistrationRequest {
  readonly kind: 'online';
  readonly items: readonly OrderItemRef[];
  /** Where the product is fitted; the order's shipping address when absent. */
  readonly installationAddress?: InstallationAddress;
}

export type ProductRegistrationRequest = OfflineRegistrationRequest | OnlineRegistrationRequest;

/** A field the server refused: `field` is the request's path, e.g. 'owner.postalCode'. */
export interface RegistrationFieldError {
  readonly field: string;
  readonly message: string;
}

/** readAsset of an upload that is not the shopper's, or no longer there (a 404 over HTTP). */
export class AssetNotFoundError extends Error {
  constructor(readonly assetId: string) {
    super(`No proof of purchase ${assetId} of yours`);
    this.name = 'AssetNotFoundError';
  }
}

/** A proof of purchase read back by its owner (GET /crm/asset/{assetId}). */
export interface DownloadedAsset {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** A saved proof of purchase (PUT /crm/asset/upload). */
export interface UploadedAsset {
  readonly assetId: string;
  /** Lower-cased, spaces as hyphens (spec §5, ./upload-file-name.ts). */
  readonly fileName: string;
  /** As judged from the file's bytes: application/pdf, image/jpeg, image/png or image/heic. */
  readonly contentType: string;
  readonly size: number;
  /** Where its owner reads it back (GET, owner only), relative to the API base: '/crm/asset/…'. */
  readonly url: string;
}

/** Warranty as computed by ./warranty.ts from the product's warranty years and purchase date. */
export type WarrantyStatus = 'active' | 'expired' | 'lifetime' | 'unknown';

export interface Warranty {
  /** The product's own words, e.g. 'Limited 5 years' or 'Limited lifetime'. */
  readonly text: string;
  /** Whole years; null for lifetime or when the text names none. */
  readonly years: number | null;
  readonly status: WarrantyStatus;
  /** ISO date of the last covered day, when the warranty has an end. */
  readonly endsOn: string | null;
}

/** One registered product (GET /crm/fetchproductregistration). */
export interface ProductRegistration {
  readonly id: string;
  readonly kind: RegistrationKind;
  readonly modelNumber: string;
  /** The master product's SKU of the model number. */
  readonly productSku: string;
  readonly title: string;
  /** The finish's name when the model number is a finish's SKU. */
  readonly finish: string | null;
  readonly purchaseDate: string;
  readonly placeOfPurchase: string;
  readonly serialNumber: string | null;
  readonly owner: RegistrationAddress;
  readonly installationAddress: RegistrationAddress | null;
  readonly proofOfPurchase: UploadedAsset | null;
  /** Set for online registrations. */
  readonly orderNumber: string | null;
  readonly lineItemId: string | null;
  /** ISO timestamp. */
  readonly registeredAt: string;
}

/** Outcome of one online item. */
export interface OnlineItemOutcome extends OrderItemRef {
  readonly sku: string;
  readonly status: 'registered' | 'already-registered';
  readonly registrationId: string;
}

/**
 * The response data of POST /crm/product/registration, as the adapter decoded it. Success is
 * `success === 'true'` (the string) exactly (./submit-product-registration.ts).
 */
export interface RegistrationResponse {
  readonly success?: unknown;
  readonly message?: unknown;
  /** On success: the registrations written (offline: one; online: the new ones). */
  readonly registrations?: readonly ProductRegistration[];
  /** On an online success: every item asked for, with whether it was already registered. */
  readonly items?: readonly OnlineItemOutcome[];
  /** On a refusal: every field the server named. */
  readonly fieldErrors?: readonly RegistrationFieldError[];
}

/** A document of a product (spec sheet, installation guide, warranty, …). */
export interface ProductDocumentLink {
  readonly type: string;
  readonly title: string;
  readonly url: string;
}

/** A service part that fits the model, for its link. */
export interface FittingPart {
  readonly sku: string;
  readonly title: string;
  /** The part's product page. */
  readonly url: string;
}

/**
 * One entry of my products: a registered product, or one saved to the MyProducts list (then
 * purchase date and warranty dates are unknown).
 */
export interface MyProduct {
  readonly source: 'registered' | 'saved';
  /** The model number registered, or the SKU saved. */
  readonly sku: string;
  readonly productSku: string;
  readonly title: string;
  readonly finish: string | null;
  readonly image: string;
  /** The product page. */
  readonly url: string;
  readonly discontinued: boolean;
  readonly registrationId: string | null;
  /** The MyProducts list's line, for removing a saved product through the lists gateway. */
  readonly listLineItemId: string | null;
  readonly purchaseDate: string | null;
  readonly serialNumber: string | null;
  /** The receipt kept with a registration (null for a saved product, or none given). */
  readonly proofOfPurchase: UploadedAsset | null;
  readonly warranty: Warranty;
  /** The spec sheet's address ('/api/catalog/spec-sheet/…'), when the product has one. */
  readonly specSheetUrl: string | null;
  readonly documents: readonly ProductDocumentLink[];
  readonly fittingParts: readonly FittingPart[];
}

/** What makes an entry of my products registered or saved (the rest comes from the catalogue). */
export type MyProductOrigin = Pick<
  MyProduct,
  | 'source'
  | 'registrationId'
  | 'listLineItemId'
  | 'purchaseDate'
  | 'serialNumber'
  | 'proofOfPurchase'
>;

/** A design or install service of the customer's: ordered, or saved to the MyServices list. */
export interface MyService {
  readonly source: 'ordered' | 'saved';
  readonly sku: string;
  readonly title: string;
  readonly kind: 'design-service' | 'install-service';
  readonly image: string;
  readonly url: string;
  /** The order's status for an ordered service ('Open', 'Confirmed', …); 'Saved' for a saved one. */
  readonly status: string;
  readonly orderNumber: string | null;
  /** ISO timestamp of the order. */
  readonly orderedAt: string | null;
  readonly listLineItemId: string | null;
}

/** A line of the signed-in customer's orders that online registration can register. */
export interface RegistrableItem extends OrderItemRef {
  readonly sku: string;
  readonly title: string;
  readonly image: string;
  readonly finish: string | null;
  /** ISO timestamp the order was placed. */
  readonly orderedAt: string;
  /** The registration's id when this line is already registered. */
  readonly registrationId: string | null;
}

/** What the browser hands over for an upload: a File (structurally) or bytes. */
export type UploadBody =
  Uint8Array | ArrayBuffer | { readonly size: number; arrayBuffer(): Promise<ArrayBuffer> };

export interface UploadFile {
  /** The file's own name; the gateway sends uploadFileName(name) (spec §5). */
  readonly name: string;
  /** The content type the browser guessed; the server judges by the bytes anyway. */
  readonly type: string;
  readonly size: number;
  readonly body: UploadBody;
}

/** Progress of an upload: bytes sent of total (total 0 when unknown). */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/**
 * Why an upload was refused, each the server's 4xx (docs/registration.md); `too-many` is the
 * shop's limit on uploads per client (a 429 whose message says how long to wait).
 */
export type UploadRefusal =
  'too-large' | 'empty' | 'unsupported-type' | 'invalid-name' | 'too-many';

export type UploadAnswer =
  | { readonly kind: 'uploaded'; readonly asset: UploadedAsset }
  | { readonly kind: 'refused'; readonly reason: UploadRefusal; readonly message: string };

/**
 * Port: the CRM calls (spec §7 CRM). `submit` resolves with the response data, for failures too;
 * it rejects only when no answer came back. The reads resolve with their lists; a guest gets []
 * from myProducts/myServices/registrableItems' 403 is the HTTP adapter's to map (docs).
 */
export interface RegistrationGateway {
  /** POST /crm/product/registration. */
  submit(request: ProductRegistrationRequest): Promise<RegistrationResponse>;
  /** GET /crm/fetchproductregistration: the shopper's registrations, newest first. */
  fetchRegistrations(): Promise<readonly ProductRegistration[]>;
  /** DELETE /crm/product/registration/{id}: false when it is not (or no longer) the shopper's. */
  removeRegistration(id: string): Promise<boolean>;
  /** GET /crm/myproducts: registered products then saved ones. */
  myProducts(): Promise<readonly MyProduct[]>;
  /** GET /crm/myservices: ordered services then saved ones. */
  myServices(): Promise<readonly MyService[]>;
  /** GET /crm/registrable-items: the signed-in customer's order lines ([] for a guest). */
  registrableItems(): Promise<readonly RegistrableItem[]>;
  /** GET /crm/modelnumbers?q=: catalogue SKUs starting with q, discontinued included. */
  suggestModels(query: string): Promise<readonly ModelSuggestion[]>;
  /**
   * GET /crm/asset/{assetId}: a proof of purchase's bytes, to the shopper who uploaded it (or whose
   * account its registration joined); another's, or an unknown id, rejects with
   * AssetNotFoundError (a 404 over HTTP).
   */
  readAsset(asset: Pick<UploadedAsset, 'assetId' | 'fileName'>): Promise<DownloadedAsset>;
  /** PUT /crm/asset/upload?fileName=: the file as the body with its content type. */
  uploadAsset(
    file: UploadFile,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<UploadAnswer>;
}
