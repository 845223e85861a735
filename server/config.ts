/** Server settings from the environment, read once at start-up. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Where the embedded database and the signing key live. */
  readonly dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  readonly databaseUrl: string | undefined;
  /** HS256 signing secret; generated once and kept under dataDir when not given. */
  readonly jwtSecret: string | undefined;
  /** The built storefront (vite build output). */
  readonly staticDir: string;
  readonly logLevel: string;
  /** Development-only endpoints such as the outbox. */
  readonly devEndpoints: boolean;
}

const parsePort = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
};

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: parsePort(env.PORT, 8080),
  host: env.HOST ?? '0.0.0.0',
  dataDir: path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data')),
  databaseUrl: env.DATABASE_URL || undefined,
  jwtSecret: env.JWT_SECRET || undefined,
  staticDir: path.resolve(env.STATIC_DIR ?? path.join(projectRoot, 'dist', 'client')),
  logLevel: env.LOG_LEVEL ?? 'info',
  devEndpoints: env.NODE_ENV !== 'production',
});
