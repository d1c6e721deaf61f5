import { createHash, randomBytes } from 'node:crypto';
import { v7 } from 'uuid';

/** Time-ordered ids (UUIDv7), so lists sort by creation and indexes stay compact. */
export const newId = (): string => v7();

/** An unguessable token for links and cookies; only its hash is stored. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
