/**
 * The registration form's rules, the same on the server (server/crm) and in the offline demo's
 * fake (adapters/fake/registration), so both refuse the same inputs with the same words.
 */
import { isDesignServices, isInstallServices } from '../catalog/category';
import { dayOf } from './warranty';

/**
 * What can be registered: products that are installed — finished goods and service parts — not
 * design or install services (the server looks model numbers up among those kinds only, so a
 * service's "Register this product" led to 'model number not found').
 */
export const isRegistrableCategory = (category: string): boolean =>
  !isDesignServices(category) && !isInstallServices(category);

/** Uploads: at most 10 MB (10 × 1024 × 1024 bytes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What a proof of purchase may be, judged by its bytes. */
export const ACCEPTED_UPLOAD_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/heic',
] as const;
export type AcceptedUploadType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

export const isAcceptedUploadType = (type: string): type is AcceptedUploadType =>
  (ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(type);

/** A file name we keep: 1 to 200 characters after the rule, no path, no control characters. */
export const FILE_NAME_MAX = 200;
// eslint-disable-next-line no-control-regex
const BAD_NAME = /[\u0000-\u001f\u007f/\\]/;
export const isAcceptableFileName = (name: string): boolean =>
  name.length > 0 &&
  name.length <= FILE_NAME_MAX &&
  !BAD_NAME.test(name) &&
  name !== '.' &&
  name !== '..';

export const UPLOAD_MESSAGES = {
  tooLarge: 'The file is larger than 10 MB. Choose a smaller file.',
  empty: 'The file is empty. Choose the file again.',
  unsupportedType: 'The file must be a PDF, JPEG, PNG or HEIC.',
  invalidName: 'The file name must be 1 to 200 characters, without / or \\.',
} as const;

export const REGISTRATION_MESSAGES = {
  modelNumberRequired: 'Enter the model number.',
  modelNumberUnknown: 'We could not find this model number. Check it and try again.',
  purchaseDateRequired: 'Enter the purchase date.',
  purchaseDateInvalid: 'Enter the purchase date as YYYY-MM-DD.',
  purchaseDateFuture: 'The purchase date cannot be in the future.',
  purchaseDateTooOld: 'The purchase date must be in 1950 or later.',
  placeOfPurchase: 'Choose the place of purchase from the list.',
  serialNumber: 'The serial number must be 1 to 40 letters, digits, - or /.',
  proofOfPurchase: 'Upload the proof of purchase again.',
  itemsRequired: 'Choose at least one item to register.',
  itemUnknown: 'This item is not in your orders.',
  success: 'Thank you. Your product is registered.',
} as const;

export const SERIAL_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/-]{0,39}$/;
export const MODEL_NUMBER_MAX = 40;
/** Online registration: at most this many items in one call. */
export const MAX_ONLINE_ITEMS = 50;

/**
 * The purchase date's problem, or null: a real ISO date, not after `today` (ISO), not before 1950.
 */
export const purchaseDateProblem = (value: string, today: string): string | null => {
  if (value.trim() === '') return REGISTRATION_MESSAGES.purchaseDateRequired;
  const day = dayOf(value);
  if (day === null) return REGISTRATION_MESSAGES.purchaseDateInvalid;
  const now = dayOf(today);
  if (now !== null && day > now) return REGISTRATION_MESSAGES.purchaseDateFuture;
  if (value < '1950-01-01') return REGISTRATION_MESSAGES.purchaseDateTooOld;
  return null;
};
