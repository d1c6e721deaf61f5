/** The environment, validated once. Everything configurable lives here. */
import { z } from 'zod';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The address people use (links in mail); unset, `http://localhost:<PORT>`. */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Estate Portal <no-reply@localhost>'),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for signing access tokens. When unset, one is generated and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  /** Secret for signing photo and picture links, never the same as the tokens' one. When unset, one is generated and kept in the database. */
  FILE_URL_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  /** A session ends this long after its last use (sliding)… */
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** …and at the latest this long after its sign-in, however often it is used (absolute). */
  REFRESH_TOKEN_MAX_DAYS: z.coerce.number().int().min(1).default(90),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Sign-in attempts and mails asked for one email address from one network (/24, /64) in 15
   * minutes (refused there, with the sign-in link offered); from everywhere, the same number only
   * slows sign-ins down. Also password checks per signed-in account.
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Wrong passwords from one network, for any addresses, in 15 minutes before each sign-in from it waits a second. */
  AUTH_RATE_LIMIT_PER_NETWORK: z.coerce.number().int().min(1).default(50),
  WEB_DIST: z.string().optional(),
  /** How often scheduled work (deadlines, reminders) runs; 0 turns the timer off (tests drive it). */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Answers to the item list and item kept in memory between writes in their estate; 'off' measures the database path (bench). */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  /** Server processes `npm run start:cluster` starts on one port (PostgreSQL only); unset, one a core. */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  /** Files in this bucket of any S3-compatible store instead of DATA_DIR/files (api.md, "Files and storage"). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's address (MinIO, R2, B2, …); unset, AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset, the SDK's own chain (AWS_* variables, an instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true` for stores that name the bucket in the path (MinIO and most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

export type Config = z.infer<typeof configSchema> & { PUBLIC_URL: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Without an address of its own, the server's own port: a second server on PORT=3400 must not
  // send links to port 3000.
  return { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}` };
}
