/**
 * The server-side unit projects (server, adapters, server-postgresql) hash new passwords at
 * scrypt N = 2^10 rather than 2^15 (server/identity/password-hash.ts `useTestHashCost`): the same
 * KDF, format and code path, at a thirty-second of the work. The production cost is tested where
 * it is the subject (tests/server/identity/service.test.ts "passwords", routes.test.ts "storage"),
 * and the browser journeys run real servers, which always hash at 2^15.
 */
import { useTestHashCost } from '../../server/identity/password-hash';

export const TEST_HASH_N = 2 ** 10;

useTestHashCost(TEST_HASH_N);
