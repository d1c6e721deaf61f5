/** What every module receives: configuration, the database, and the shared services. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { EventBus } from './events.js';
import { FileUrlSigner } from './file-urls.js';
import { Mailer } from './mail.js';
import { ReadCache } from './read-cache.js';
import { ProcessRunner, type ProcessHandlers } from './stage-process.js';
import { ensureFileUrlSecret, ensureSigningSecret } from './secrets.js';
import type { Storage } from './storage.js';
import { createStorage } from './storage-provider.js';
import { AccessTokens } from './tokens.js';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  events: EventBus;
  storage: Storage;
  fileUrls: FileUrlSigner;
  /** Answers to hot reads (item list, item), kept until the next write in their estate (read-cache.ts); READ_CACHE=off turns it off. */
  reads: ReadCache;
  /** Who the caller is in an estate (user row, estate row, roles), kept until the next write in that estate or to the users table. */
  access: ReadCache;
  /** The estate's process table at work: stage moves, their effects and jobs, deadlines (stage-process.ts). */
  process: ProcessRunner;
  /** The clock, injectable so deadlines and expiries are testable. */
  now: () => Date;
};

/** Builds the shared services once; the caller starts the event bus if it serves live events. */
export async function createContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  now: () => Date,
  processHandlers: ProcessHandlers,
): Promise<AppContext> {
  const secret = await ensureSigningSecret(database.db, config.JWT_SECRET);
  const fileUrlSecret = await ensureFileUrlSecret(database.db, config.FILE_URL_SECRET, secret);
  return {
    config,
    database,
    db: database.db,
    mailer: new Mailer(database.db, log, config.SMTP_URL, config.MAIL_FROM),
    tokens: new AccessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    events: new EventBus(database.notifier),
    storage: await createStorage(config),
    fileUrls: new FileUrlSigner(fileUrlSecret),
    reads: new ReadCache(database.writes, now, { maxEntries: 10_000, ttlMs: 30_000, enabled: config.READ_CACHE === 'on' }),
    access: new ReadCache(database.writes, now),
    process: new ProcessRunner(processHandlers, log),
    now,
  };
}
