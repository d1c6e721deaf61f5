/**
 * The photo pipeline: check the bytes are really an image and not too many pixels to decode,
 * apply EXIF orientation, drop every metadata block (so no GPS position leaves the family), and
 * make a WebP preview and thumbnail.
 */
import { availableParallelism } from 'node:os';
import { fileTypeFromBuffer } from 'file-type';
import type * as SharpTypes from 'sharp';
import { PHOTO_LIMITS } from '@estate/domain/uploads';
import { AppError, says } from './errors.js';

export const MAX_UPLOAD_BYTES = PHOTO_LIMITS.bytes;
/**
 * Width × height we decode: 50 megapixels (phones' 48 and 50 MP modes included); decoding costs
 * time and memory by the pixel (a 100-megapixel PNG took 5.6 s of CPU and ~400 MB; eight 60 MP
 * photos at once 33 s and 1.4 GB), so larger pictures are refused before decoding, and decodes
 * wait their turn (`photoDecodes`). See docs/decisions/0008-bounded-uploads.md.
 */
export const MAX_PHOTO_PIXELS = PHOTO_LIMITS.megapixels * 1_000_000;

/**
 * At most `limit` tasks at once, a bounded number waiting (then `full()` is thrown). Decoding a
 * 50-megapixel photo takes about a second of a core and 200 MB; eight at once took every core and
 * 1.4 GB, and every other request waited. `peak` (the most ever running at once) is for tests.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  peak = 0;
  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
    private readonly full: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw this.full();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Photo decodes under way: one per core (each decode on one libvips thread, see `loadSharp`), 32
 * more waiting; beyond that "busy, try again in a minute". The request loop and the database keep
 * the rest of the machine, so the server keeps answering while a family uploads a whole album.
 */
export const photoDecodes = new Semaphore(Math.max(1, availableParallelism()), 32, () => new AppError('unavailable', says('images.busy')));

type SharpModule = typeof SharpTypes;
type Sharp = SharpModule['default'];
let sharpLoaded: SharpModule | undefined;
/** sharp, loaded on first use (a fast cold start, ADR 0020), one libvips thread per decode. */
async function loadSharp(): Promise<SharpModule> {
  if (!sharpLoaded) {
    sharpLoaded = await import('sharp');
    sharpLoaded.default.concurrency(1);
  }
  return sharpLoaded;
}

const megapixels = (pixels: number) => (pixels / 1_000_000).toLocaleString('en', { maximumFractionDigits: 0 });
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif', 'image/gif']);

export type ProcessedImage = {
  original: Buffer;
  preview: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
};

/** Refuses what is not a photo we read, or has more pixels than we decode (nothing decoded yet). */
async function checkPhoto(bytes: Buffer): Promise<void> {
  const { default: sharp } = await loadSharp();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError('unsupported_type', says('images.notPhoto'));
  }
  // The header alone says how large the picture is: nothing is decoded yet.
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    size = await sharp(bytes).metadata();
  } catch {
    throw new AppError('unsupported_type', says('images.damaged'));
  }
  const pixels = (size.width ?? 0) * (size.height ?? 0);
  if (pixels > MAX_PHOTO_PIXELS) {
    throw new AppError(
      'too_large',
      {
        reason: 'images.tooManyPixels',
        params: { megapixels: Math.round(pixels / 1_000_000), width: size.width!, height: size.height!, limit: PHOTO_LIMITS.megapixels },
        english: `This photo is ${megapixels(pixels)} megapixels (${size.width!.toLocaleString('en')} × ${size.height!.toLocaleString('en')} pixels); photos can be at most ${PHOTO_LIMITS.megapixels} megapixels. Please choose a smaller copy, or take it with the camera's standard setting.`,
      },
      { file: says('images.tooManyPixelsField', { limit: PHOTO_LIMITS.megapixels }) },
    );
  }
}

export async function processPhoto(bytes: Buffer): Promise<ProcessedImage> {
  await checkPhoto(bytes);
  const { default: sharp } = await loadSharp();
  return photoDecodes.run(() => decodePhoto(sharp, bytes));
}

async function decodePhoto(sharp: Sharp, bytes: Buffer): Promise<ProcessedImage> {
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
    // limitInputPixels keeps decoding bounded even if the header understated the size.
    const upright = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS }).rotate();
    const original = await upright.clone().resize({ width: 4096, height: 4096, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
    const preview = await upright.clone().resize({ width: 1440, height: 1440, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const thumb = await upright.clone().resize({ width: 320, height: 320, fit: 'cover' }).webp({ quality: 72 }).toBuffer();
    return { original: original.data, preview, thumb, width: original.info.width, height: original.info.height };
  } catch {
    throw new AppError('unsupported_type', says('images.damaged'));
  }
}

/** A person's picture: 256 × 256 pixels, upright, cropped to fill, WebP, with no metadata (EXIF, GPS). */
export const AVATAR_SIZE = 256;

export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  await checkPhoto(bytes);
  const { default: sharp } = await loadSharp();
  return photoDecodes.run(() => decodeAvatar(sharp, bytes));
}

async function decodeAvatar(sharp: Sharp, bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('unsupported_type', says('images.damaged'));
  }
}
