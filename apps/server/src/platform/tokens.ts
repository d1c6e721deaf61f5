/** Short-lived access tokens (JWT, HS256) signed with the installation's secret. */
import { SignJWT, errors, jwtVerify } from 'jose';
import { AppError } from './errors.js';

export type AccessClaims = { userId: string };

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(userId: string, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string, now = new Date()): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      if (typeof payload.sub !== 'string') throw new AppError('unauthenticated', 'Invalid access.');
      return { userId: payload.sub };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('token_expired', 'Your access has expired.');
      throw new AppError('unauthenticated', 'Invalid access.');
    }
  }
}
