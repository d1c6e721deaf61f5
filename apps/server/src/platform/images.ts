/**
 * The photo pipeline: check the bytes are really an image, apply EXIF orientation, drop every
 * metadata block (so no GPS position leaves the family), and make a WebP preview and thumbnail.
 */
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './errors.js';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif', 'image/gif']);

export type ProcessedImage = {
  original: Buffer;
  preview: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
};

export async function processPhoto(bytes: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError('unsupported_type', 'That file is not a photo we can read. Please upload a JPEG, PNG, WebP or HEIC image.');
  }
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
    const upright = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    const original = await upright.clone().resize({ width: 4096, height: 4096, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
    const preview = await upright.clone().resize({ width: 1440, height: 1440, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    const thumb = await upright.clone().resize({ width: 320, height: 320, fit: 'cover' }).webp({ quality: 72 }).toBuffer();
    return { original: original.data, preview, thumb, width: original.info.width, height: original.info.height };
  } catch {
    throw new AppError('unsupported_type', 'That photo could not be read; the file may be damaged. Please try another.');
  }
}
