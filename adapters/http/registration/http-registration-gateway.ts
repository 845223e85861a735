/**
 * RegistrationGateway over the API (spec §7 CRM, docs/registration.md). The registration call
 * resolves with the response data for refusals too (the port's rule): a 400's named fields become
 * `fieldErrors` and its message `message`; a 403 (a guest registering online) its message. An
 * upload's refusals (413, 415, an empty file, a bad name) come back as values; every other failure
 * stays an ApiError, which the screen shows as "try again".
 */
import * as t from 'io-ts';
import {
  AssetNotFoundError,
  type DownloadedAsset,
  type MyProduct,
  type MyService,
  type ProductRegistration,
  type ProductRegistrationRequest,
  type RegistrableItem,
  type RegistrationGateway,
  type RegistrationResponse,
  type UploadAnswer,
  type UploadBody,
  type UploadedAsset,
  type UploadFile,
  type UploadProgress,
} from '../../../core/registration/ports';
import { UPLOAD_MESSAGES } from '../../../core/registration/registration-rules';
import type { ModelSuggestion } from '../../../core/registration/registration-state';
import { uploadFileName } from '../../../core/registration/upload-file-name';
import type { ApiClient } from '../api-client';
import { ApiError, fieldProblemsOf, tooManyRequestsOf } from '../api-error';
import {
  ModelSuggestionCodec,
  MyProductCodec,
  MyServiceCodec,
  RegisteredCodec,
  RegistrableItemCodec,
  RegistrationCodec,
  resultsOf,
  UploadedAssetCodec,
} from './registration.codec';

const NoContent = t.unknown;

/** Bytes axios sends as they are: a Blob (the browser's File) or an ArrayBuffer of exactly the file. */
const sendable = async (body: UploadBody): Promise<unknown> => {
  if (body instanceof ArrayBuffer) return body;
  if (body instanceof Uint8Array) return body.slice().buffer;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body;
  return body.arrayBuffer();
};

export class HttpRegistrationGateway implements RegistrationGateway {
  constructor(private readonly api: ApiClient) {}

  async submit(request: ProductRegistrationRequest): Promise<RegistrationResponse> {
    try {
      return await this.api.post('/crm/product/registration', request, RegisteredCodec);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'badRequest' || error.kind === 'authentication') {
        if (error.details.status === 401) throw error;
        const fieldErrors = fieldProblemsOf(error).map(({ field, message }) => ({
          field,
          message,
        }));
        return {
          success: 'false',
          ...(error.details.serverMessage === undefined
            ? {}
            : { message: error.details.serverMessage }),
          fieldErrors,
        };
      }
      throw error;
    }
  }

  async fetchRegistrations(): Promise<readonly ProductRegistration[]> {
    return (await this.api.get('/crm/fetchproductregistration', resultsOf(RegistrationCodec)))
      .results;
  }

  async removeRegistration(id: string): Promise<boolean> {
    try {
      await this.api.delete(`/crm/product/registration/${encodeURIComponent(id)}`, NoContent);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'notFound') return false;
      throw error;
    }
  }

  async myProducts(): Promise<readonly MyProduct[]> {
    return (await this.api.get('/crm/myproducts', resultsOf(MyProductCodec))).results;
  }

  async myServices(): Promise<readonly MyService[]> {
    return (await this.api.get('/crm/myservices', resultsOf(MyServiceCodec))).results;
  }

  async registrableItems(): Promise<readonly RegistrableItem[]> {
    try {
      return (await this.api.get('/crm/registrable-items', resultsOf(RegistrableItemCodec)))
        .results;
    } catch (error) {
      // A guest has no orders to register from.
      if (error instanceof ApiError && error.details.status === 403) return [];
      throw error;
    }
  }

  async suggestModels(query: string): Promise<readonly ModelSuggestion[]> {
    const q = query.trim();
    if (!/^[A-Za-z0-9-]{2,40}$/.test(q)) return [];
    return (
      await this.api.get('/crm/modelnumbers', resultsOf(ModelSuggestionCodec), { params: { q } })
    ).results;
  }

  async readAsset(asset: Pick<UploadedAsset, 'assetId' | 'fileName'>): Promise<DownloadedAsset> {
    try {
      const file = await this.api.file(`/crm/asset/${encodeURIComponent(asset.assetId)}`);
      return { fileName: asset.fileName, ...file };
    } catch (error) {
      if (error instanceof ApiError && error.details.status === 404) {
        throw new AssetNotFoundError(asset.assetId);
      }
      throw error;
    }
  }

  async uploadAsset(
    file: UploadFile,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<UploadAnswer> {
    const data = await sendable(file.body);
    try {
      const asset = await this.api.put('/crm/asset/upload', data, UploadedAssetCodec, {
        params: { fileName: uploadFileName(file.name) },
        headers: { 'Content-Type': file.type === '' ? 'application/octet-stream' : file.type },
        ...(onProgress === undefined
          ? {}
          : {
              onUploadProgress: ({ loaded, total }) =>
                onProgress({ loaded, total: total ?? file.size }),
            }),
      });
      return { kind: 'uploaded', asset };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message = (fallback: string) =>
        (error.details.errors?.find((e) => typeof e.message === 'string')?.message as
          string | undefined) ?? fallback;
      if (error.details.status === 413 || error.hasCode('FileTooLarge')) {
        return { kind: 'refused', reason: 'too-large', message: message(UPLOAD_MESSAGES.tooLarge) };
      }
      if (error.details.status === 415 || error.hasCode('UnsupportedFileType')) {
        return {
          kind: 'refused',
          reason: 'unsupported-type',
          message: message(UPLOAD_MESSAGES.unsupportedType),
        };
      }
      if (error.hasCode('EmptyFile')) {
        return { kind: 'refused', reason: 'empty', message: message(UPLOAD_MESSAGES.empty) };
      }
      // Over the upload limit (docs/api.md "Rate limits"): the answer says how long to wait.
      const limited = tooManyRequestsOf(error);
      if (limited !== null)
        return { kind: 'refused', reason: 'too-many', message: limited.message };
      if (error.kind === 'badRequest') {
        return {
          kind: 'refused',
          reason: 'invalid-name',
          message: message(UPLOAD_MESSAGES.invalidName),
        };
      }
      throw error;
    }
  }
}
