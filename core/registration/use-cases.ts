/**
 * The registration screens' use cases over RegistrationGateway (./ports.ts). Reads resolve with
 * their lists or reject (the screen shows "try again"); the upload checks what it can before
 * sending (size, emptiness, name) with the server's own rules and words, and names the file by
 * spec §5's rule.
 */
import type {
  DownloadedAsset,
  MyProduct,
  MyService,
  ProductRegistration,
  RegistrableItem,
  RegistrationGateway,
  UploadAnswer,
  UploadedAsset,
  UploadFile,
  UploadProgress,
} from './ports';
import type { ModelSuggestion } from './registration-state';
import { isAcceptableFileName, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from './registration-rules';
import { uploadFileName } from './upload-file-name';

/** Shortest query worth asking the catalogue about. */
export const MODEL_QUERY_MIN = 2;

export class SuggestModelNumbers {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'suggestModels'>) {}
  /** Suggestions for what was typed; [] without asking for fewer than MODEL_QUERY_MIN characters. */
  async execute(typed: string): Promise<readonly ModelSuggestion[]> {
    const query = typed.trim().toUpperCase();
    if (query.length < MODEL_QUERY_MIN) return [];
    return this.gateway.suggestModels(query);
  }
}

export class UploadProofOfPurchase {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'uploadAsset'>) {}
  async execute(
    file: UploadFile,
    onProgress?: (progress: UploadProgress) => void,
  ): Promise<UploadAnswer> {
    const name = uploadFileName(file.name);
    if (file.size === 0)
      return { kind: 'refused', reason: 'empty', message: UPLOAD_MESSAGES.empty };
    if (file.size > MAX_UPLOAD_BYTES) {
      return { kind: 'refused', reason: 'too-large', message: UPLOAD_MESSAGES.tooLarge };
    }
    if (!isAcceptableFileName(name)) {
      return { kind: 'refused', reason: 'invalid-name', message: UPLOAD_MESSAGES.invalidName };
    }
    return this.gateway.uploadAsset({ ...file, name }, onProgress);
  }
}

export class LoadRegistrations {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'fetchRegistrations'>) {}
  execute(): Promise<readonly ProductRegistration[]> {
    return this.gateway.fetchRegistrations();
  }
}

export class RemoveRegistration {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'removeRegistration'>) {}
  execute(id: string): Promise<boolean> {
    return this.gateway.removeRegistration(id);
  }
}

/** A proof of purchase's bytes, for its owner to download again (my products). */
export class DownloadProofOfPurchase {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'readAsset'>) {}
  execute(asset: Pick<UploadedAsset, 'assetId' | 'fileName'>): Promise<DownloadedAsset> {
    return this.gateway.readAsset(asset);
  }
}

export class LoadMyProducts {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'myProducts'>) {}
  execute(): Promise<readonly MyProduct[]> {
    return this.gateway.myProducts();
  }
}

export class LoadMyServices {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'myServices'>) {}
  execute(): Promise<readonly MyService[]> {
    return this.gateway.myServices();
  }
}

export class LoadRegistrableItems {
  constructor(private readonly gateway: Pick<RegistrationGateway, 'registrableItems'>) {}
  execute(): Promise<readonly RegistrableItem[]> {
    return this.gateway.registrableItems();
  }
}
