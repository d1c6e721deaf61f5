import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { system } from '../db/schema.js';

/**
 * The access-token signing secret: JWT_SECRET when set, otherwise one generated on first start and
 * kept in the database so every server process (and every restart) signs with the same key.
 */
export async function ensureSigningSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.insert(system).values({ key: 'jwt-secret', value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(system).where(eq(system.key, 'jwt-secret'));
  return row!.value;
}
