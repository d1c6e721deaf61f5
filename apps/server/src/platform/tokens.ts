/** Short-lived access tokens (JWT, HS256) signed with the installation's secret. */
import { webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError, says } from './errors.js';

/** Who a token was issued to, for which session, and when it stops. */
export type AccessClaims = {
  userId: string;
  /** The session (refresh-token family) it belongs to: signing out there ends it. */
  sessionId: string;
  /** The user's session generation when issued: a password change or reset raises it. */
  generation: number;
  /** Seconds since the epoch. */
  expiresAt: number;
};

export type AccessGrant = Omit<AccessClaims, 'expiresAt'>;

/** How far another server's clock may run ahead of this one's. */
const CLOCK_SKEW_MS = 60_000;

/** How many recently verified tokens are remembered (a token's signature never stops being valid). */
const REMEMBERED_TOKENS = 1_000;

export function expired(): AppError {
  return new AppError('token_expired', says('auth.accessExpired'));
}

export class AccessTokens {
  /** Imported once: given raw bytes, jose would import the key again for every token. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, AccessClaims>();

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

  async sign(grant: AccessGrant, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: grant.sessionId, gen: grant.generation })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(grant.userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * The claims of a valid, unexpired token. A token already verified is only checked for expiry:
   * whether the account and the session may still act is the user row's business (auth.ts), read
   * on every request.
   */
  async verify(token: string, now = new Date()): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt * 1000 <= now.getTime()) throw expired();
      return known;
    }
    let claims: AccessClaims;
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: now });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number')
        throw new AppError('unauthenticated', says('auth.invalidAccess'));
      // This server never issues a token living longer than its TTL, nor one from the future: a
      // token that does was not made here (a 10-year token signed with a copied secret).
      if (payload.exp - payload.iat > this.ttlSeconds || payload.iat * 1000 > now.getTime() + CLOCK_SKEW_MS) throw expired();
      // A token from before sessions were named: the client refreshes it for a current one.
      if (typeof payload.sid !== 'string' || typeof payload.gen !== 'number') throw expired();
      claims = { userId: payload.sub, sessionId: payload.sid, generation: payload.gen, expiresAt: payload.exp };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired) throw expired();
      throw new AppError('unauthenticated', says('auth.invalidAccess'));
    }
    this.remember(token, claims);
    return claims;
  }

  private remember(token: string, claims: AccessClaims): void {
    if (this.verified.size >= REMEMBERED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, claims);
  }
}
