/** Photos for the server's tests, and their upload as the web sends it. */
import sharp from 'sharp';
import type { Caller, Harness } from './harness.js';

function multipart(file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = '----estate-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `file` as a photo of the item, as the web's form sends it. */
export async function uploadPhoto(
  h: Harness,
  estateId: string,
  itemId: string,
  as: Caller,
  file: Buffer,
  filename?: string,
) {
  const { payload, headers } = multipart(file, filename);
  return h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${itemId}/photos`,
    payload,
    headers: { ...headers, authorization: `Bearer ${as.token}` },
  });
}

/** A 60×40 landscape JPEG marked "rotate 90°" with a GPS position, as a phone camera writes it. */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}
