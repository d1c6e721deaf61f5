import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { system } from '../db/schema.js';

/**
 * The installation's signing secrets, each for one use only (issue 31): a leaked file-link secret
 * signs no session. Kept in the `system` table under these keys; a backup leaves them out
 * (backup.ts), so a copied backup signs nothing, and a restored installation makes new ones.
 */
export const SECRET_KEYS = { accessTokens: 'jwt-secret', fileUrls: 'file-url-secret' } as const;

async function ensureSecret(db: Db, key: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.insert(system).values({ key, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(system).where(eq(system.key, key));
  return row!.value;
}

/**
 * The access-token signing secret: JWT_SECRET when set, otherwise one generated on first start and
 * kept in the database so every server process (and every restart) signs with the same key.
 */
export function ensureSigningSecret(db: Db, configured: string | undefined): Promise<string> {
  return ensureSecret(db, SECRET_KEYS.accessTokens, configured);
}

/** The secret that signs photo and picture links (FILE_URL_SECRET, or generated and kept as above). */
export async function ensureFileUrlSecret(db: Db, configured: string | undefined, signing: string): Promise<string> {
  const secret = await ensureSecret(db, SECRET_KEYS.fileUrls, configured);
  if (secret === signing) throw new Error('FILE_URL_SECRET must differ from JWT_SECRET: one signs picture links, the other sessions.');
  return secret;
}
