/**
 * Photos are made smaller on the phone before they are sent: a 12–50 megapixel camera photo becomes
 * a JPEG of at most 3,000 px on its long side (a few hundred kB), which uploads quickly on a slow
 * line and stays sharp when zoomed. A photo that is already small, or that this browser cannot
 * read (HEIC on some phones), is sent as it is; the server still checks every limit.
 * A profile picture, shown small, needs far fewer pixels (`longSide`, `smallEnough`).
 */
const LONG_SIDE = 3000;
const SMALL_ENOUGH = 1.5 * 1024 * 1024;

export async function shrinkPhoto(file: File, { longSide = LONG_SIDE, smallEnough = SMALL_ENOUGH } = {}): Promise<File> {
  if (file.size <= smallEnough || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const ratio = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * ratio);
    const height = Math.round(bitmap.height * ratio);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
