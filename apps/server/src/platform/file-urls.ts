/**
 * Photos are shown with <img>, which cannot send a bearer token, so their URLs carry a short-lived
 * HMAC signature instead. Expiry is rounded to the hour so the same URL (and the browser cache)
 * is reused for a while.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PHOTO_VARIANTS = ['thumb', 'preview', 'original'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

export class FileUrlSigner {
  constructor(private readonly secret: string) {}

  /**
   * Signatures already made for the current expiry: a list page signs 50 thumbnails, and the same
   * ones again until the hour turns (an HMAC per link was a tenth of the uncached list's CPU).
   */
  private signed = new Map<string, string>();
  private signedExpires = 0;

  private signature(photoId: string, variant: PhotoVariant, expires: number): string {
    return createHmac('sha256', this.secret).update(`photo:${photoId}:${variant}:${expires}`).digest('base64url');
  }

  private rememberedSignature(photoId: string, variant: PhotoVariant, expires: number): string {
    if (expires !== this.signedExpires || this.signed.size >= 200_000) {
      this.signed.clear();
      this.signedExpires = expires;
    }
    const key = `${photoId}:${variant}`;
    let sig = this.signed.get(key);
    if (sig === undefined) {
      sig = this.signature(photoId, variant, expires);
      this.signed.set(key, sig);
    }
    return sig;
  }

  photoUrl(estateId: string, photoId: string, variant: PhotoVariant, now: Date): string {
    const hour = 3600;
    const expires = (Math.floor(now.getTime() / 1000 / hour) + 2) * hour;
    return `/api/estates/${estateId}/photos/${photoId}/${variant}?expires=${expires}&sig=${this.rememberedSignature(photoId, variant, expires)}`;
  }

  verify(photoId: string, variant: PhotoVariant, expires: number, sig: string, now: Date): boolean {
    if (expires * 1000 < now.getTime()) return false;
    return same(this.signature(photoId, variant, expires), sig);
  }

  private avatarSignature(userId: string, version: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`avatar:${userId}:${version}:${expires}`).digest('base64url');
  }

  /** A person's picture; `version` (from its storage key) changes with the picture, so caches renew. */
  avatarUrl(userId: string, storageKey: string, now: Date): string {
    const hour = 3600;
    const expires = (Math.floor(now.getTime() / 1000 / hour) + 2) * hour;
    const version = storageKey.slice(0, 12);
    return `/api/avatars/${userId}?v=${version}&expires=${expires}&sig=${this.avatarSignature(userId, version, expires)}`;
  }

  private storySignature(storyId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`story:${storyId}:${expires}`).digest('base64url');
  }

  /** A story's voice recording (issue 34), for an <audio> element: signed like a photo's link. */
  storyAudioUrl(estateId: string, storyId: string, now: Date): string {
    const hour = 3600;
    const expires = (Math.floor(now.getTime() / 1000 / hour) + 2) * hour;
    return `/api/estates/${estateId}/stories/${storyId}/audio?expires=${expires}&sig=${this.storySignature(storyId, expires)}`;
  }

  verifyStoryAudio(storyId: string, expires: number, sig: string, now: Date): boolean {
    if (expires * 1000 < now.getTime()) return false;
    return same(this.storySignature(storyId, expires), sig);
  }

  verifyAvatar(userId: string, version: string, expires: number, sig: string, now: Date): boolean {
    if (expires * 1000 < now.getTime()) return false;
    return same(this.avatarSignature(userId, version, expires), sig);
  }
}

function same(expectedText: string, givenText: string): boolean {
  const expected = Buffer.from(expectedText);
  const given = Buffer.from(givenText);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
