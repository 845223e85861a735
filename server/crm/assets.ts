/**
 * Proofs of purchase (PUT /api/crm/asset/upload, docs/registration.md "Uploads"). The type is
 * judged by the bytes (file-type), never by the name or the Content-Type header; the size by what
 * arrived. The bytes, their SHA-256 and the owner go into one row in one statement, so a refused
 * or failed upload leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { DAY } from '../../core/shared/clock';
import {
  isAcceptableFileName,
  isAcceptedUploadType,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
} from '../../core/registration/registration-rules';
import type { UploadedAsset } from '../../core/registration/ports';
import { uploadFileName } from '../../core/registration/upload-file-name';
import type { Queryable } from '../db/database';
import type { Purge } from '../db/purge-schedule';
import { ApiError } from '../http/errors';
import { invalidField } from '../http/input';

export const assetUrl = (id: string): string => `/crm/asset/${id}`;

export const tooLarge = (): ApiError =>
  new ApiError(413, `file: ${UPLOAD_MESSAGES.tooLarge}`, [
    { code: 'FileTooLarge', field: 'file', message: UPLOAD_MESSAGES.tooLarge },
  ]);

export const emptyFile = (): ApiError =>
  new ApiError(400, `file: ${UPLOAD_MESSAGES.empty}`, [
    { code: 'EmptyFile', field: 'file', message: UPLOAD_MESSAGES.empty },
  ]);

export const unsupportedType = (): ApiError =>
  new ApiError(415, `file: ${UPLOAD_MESSAGES.unsupportedType}`, [
    { code: 'UnsupportedFileType', field: 'file', message: UPLOAD_MESSAGES.unsupportedType },
  ]);

/** The stored name of a fileName query (spec §5), or the 400 naming fileName. */
export const storedFileName = (given: string | undefined): string => {
  if (given === undefined || given.trim() === '') {
    throw invalidField('fileName', 'is required');
  }
  const name = uploadFileName(given.trim());
  if (!isAcceptableFileName(name)) throw invalidField('fileName', UPLOAD_MESSAGES.invalidName);
  return name;
};

/** What the bytes are, when they are a type we keep; null otherwise. */
export const sniffUploadType = async (bytes: Uint8Array): Promise<string | null> => {
  const found = await fileTypeFromBuffer(bytes);
  return found !== undefined && isAcceptedUploadType(found.mime) ? found.mime : null;
};

interface AssetRow {
  readonly id: string;
  readonly file_name: string;
  readonly content_type: string;
  readonly size: number;
}

const assetOfRow = (row: AssetRow): UploadedAsset => ({
  assetId: row.id,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  url: assetUrl(row.id),
});

export class AssetStore {
  constructor(private readonly db: Queryable) {}

  /** Checks and keeps an upload; throws the 4xx naming its problem. */
  async save(ownerKey: string, fileName: string, bytes: Uint8Array): Promise<UploadedAsset> {
    if (bytes.byteLength === 0) throw emptyFile();
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLarge();
    const type = await sniffUploadType(bytes);
    if (type === null) throw unsupportedType();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const r = await this.db.query<AssetRow>(
      `INSERT INTO crm_assets (id, owner_key, file_name, content_type, size, sha256, bytes)
       VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'hex'))
       RETURNING id, file_name, content_type, size`,
      // As hex text: the embedded database takes a 10 MB text parameter several times faster than
      // the same bytes as a bytea parameter (a real PostgreSQL server does not mind either way).
      [
        randomUUID(),
        ownerKey,
        fileName,
        type,
        bytes.byteLength,
        sha256,
        Buffer.from(bytes).toString('hex'),
      ],
    );
    const row = r.rows[0];
    if (row === undefined) throw new Error('asset not written');
    return assetOfRow(row);
  }

  /** The owner's asset with its bytes; null when there is none by that id or it is another's. */
  async read(
    ownerKey: string,
    id: string,
  ): Promise<{ readonly asset: UploadedAsset; readonly bytes: Uint8Array } | null> {
    const r = await this.db.query<AssetRow & { hex: string }>(
      `SELECT id, file_name, content_type, size, encode(bytes, 'hex') AS hex FROM crm_assets
       WHERE id = $1 AND owner_key = $2`,
      [id, ownerKey],
    );
    const row = r.rows[0];
    return row === undefined
      ? null
      : { asset: assetOfRow(row), bytes: new Uint8Array(Buffer.from(row.hex, 'hex')) };
  }

  /** The owner's asset's description, or null. */
  async describe(ownerKey: string, id: string): Promise<UploadedAsset | null> {
    const r = await this.db.query<AssetRow>(
      `SELECT id, file_name, content_type, size FROM crm_assets WHERE id = $1 AND owner_key = $2`,
      [id, ownerKey],
    );
    const row = r.rows[0];
    return row === undefined ? null : assetOfRow(row);
  }
}

/**
 * An upload no registration uses is kept this long: a shopper who chose a file and left the form
 * open can still submit it the next day. After that nothing can use it (a registration names its
 * proof when it is made), so its bytes go.
 */
export const UNUSED_UPLOAD_RETENTION_MS = DAY;

/**
 * Deletes the uploads older than the retention that no registration uses; returns how many. An
 * upload a registration is being made with right now is locked by that transaction
 * (registration-service.ts `lookupProblems`), and skipped here; one this purge locks first is gone
 * when the registration reads it, which then names `proofOfPurchase`, as for any unknown upload.
 */
export const purgeUnusedUploads: Purge = async (db, clock) => {
  const r = await db.query(
    `DELETE FROM crm_assets WHERE id IN (
       SELECT a.id FROM crm_assets a
       WHERE a.created_at < $1::timestamptz
         AND NOT EXISTS (SELECT 1 FROM product_registrations r WHERE r.proof_asset_id = a.id)
       FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [new Date(clock.now() - UNUSED_UPLOAD_RETENTION_MS)],
  );
  return r.rows.length;
};
