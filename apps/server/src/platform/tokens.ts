/** Short-lived access tokens (JWT, HS256) signed with the installation's secret. */
import { webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError } from './errors.js';

export type AccessClaims = { userId: string };

/** How many recently verified tokens are remembered (a token's signature never stops being valid). */
const REMEMBERED_TOKENS = 1_000;

export class AccessTokens {
  /** Imported once: given raw bytes, jose would import the key again for every token. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, { userId: string; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(userId: string, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * The claims of a valid, unexpired token. A token already verified is only checked for expiry:
   * whether the account may still act is the user row's business (auth.ts), read on every request.
   */
  async verify(token: string, now = new Date()): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt * 1000 <= now.getTime())
        throw new AppError('token_expired', 'Your access has expired.');
      return { userId: known.userId };
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: now });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        throw new AppError('unauthenticated', 'Invalid access.');
      this.remember(token, { userId: payload.sub, expiresAt: payload.exp });
      return { userId: payload.sub };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('token_expired', 'Your access has expired.');
      throw new AppError('unauthenticated', 'Invalid access.');
    }
  }

  private remember(token: string, claims: { userId: string; expiresAt: number }): void {
    if (this.verified.size >= REMEMBERED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, claims);
  }
}
