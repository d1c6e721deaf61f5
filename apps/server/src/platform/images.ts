/**
 * The photo pipeline: check the bytes are really an image and not too many pixels to decode,
 * apply EXIF orientation, drop every metadata block (so no GPS position leaves the family), and
 * make a WebP preview and thumbnail.
 */
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_LIMITS } from '@estate/domain/uploads';
import { AppError, says } from './errors.js';

export const MAX_UPLOAD_BYTES = PHOTO_LIMITS.bytes;
/**
 * Width × height we decode. Phones make 12–50 megapixels (48 and 50 MP modes included); decoding
 * costs time and memory by the pixel (a 100-megapixel PNG took 5.6 s of CPU and ~400 MB), so
 * larger pictures are refused before decoding. See docs/decisions/0008-bounded-uploads.md.
 */
export const MAX_PHOTO_PIXELS = PHOTO_LIMITS.megapixels * 1_000_000;

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
  const { default: sharp } = await import('sharp'); // loaded on first use: a fast cold start (ADR 0020)
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
  const { default: sharp } = await import('sharp');
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
  const { default: sharp } = await import('sharp');
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
