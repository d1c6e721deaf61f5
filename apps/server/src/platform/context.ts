/** What every module receives: configuration, the database, and the shared services. */
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { EventBus } from './events.js';
import type { FileUrlSigner } from './file-urls.js';
import type { Mailer } from './mail.js';
import type { Storage } from './storage.js';
import type { AccessTokens } from './tokens.js';

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  events: EventBus;
  storage: Storage;
  fileUrls: FileUrlSigner;
  /** The clock, injectable so deadlines and expiries are testable. */
  now: () => Date;
};
