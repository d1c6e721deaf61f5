/**
 * The one place the draw engine touches a hash implementation, so it can be swapped for a
 * portable one (e.g. for the browser verifier page) without touching the rules.
 */
import { createHash, hash } from 'node:crypto';

export function utf8(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

/** SHA-256 of the concatenation of `parts`. */
export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  // One-shot hashing is markedly cheaper, and step 31 hashes once per tied item.
  if (parts.length === 1) return hash('sha256', parts[0] as Uint8Array, 'buffer');
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return h.digest();
}

export interface TextHasher {
  /** Appends the UTF-8 bytes of `text` (callers split only between whole characters). */
  update(text: string): void;
  digest(): Uint8Array;
}

/** Incremental SHA-256 over text, so a long canonical text need not be built in one piece. */
export function sha256TextHasher(): TextHasher {
  const h = createHash('sha256');
  return {
    update: (text) => void h.update(text, 'utf8'),
    digest: () => h.digest(),
  };
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

const HEX = /^(?:[0-9a-f]{2})*$/;

/** Lower-case hex only: records are compared as text, so "AB" and "ab" must not both be valid. */
export function isHex(text: string): boolean {
  return HEX.test(text);
}

export function fromHex(text: string): Uint8Array {
  if (!isHex(text)) throw new Error(`not lower-case hex: ${JSON.stringify(text.slice(0, 80))}`);
  return Buffer.from(text, 'hex');
}
