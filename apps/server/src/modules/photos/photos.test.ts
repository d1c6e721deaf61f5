import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { photos } from '../../db/schema.js';
import { MAX_UPLOAD_BYTES, photoDecodes } from '../../platform/images.js';
import { LocalDiskStorage } from '../../platform/storage.js';
import { sweepPhotoFiles } from './sweep.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { phonePhoto, uploadPhoto } from '../../test/photos.js';
import { createEstate, createItem, createUser } from '../../test/factories.js';

const h = useHarness();

const upload = (estateId: string, itemId: string, as: Caller, file: Buffer, filename?: string) => uploadPhoto(h, estateId, itemId, as, file, filename);

describe('photos', () => {
  it('applies the orientation, strips location data, makes WebP thumbnails and serves them by signed URL', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(estateId, item.id, trustee, original);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().photo;
    expect([photo.width, photo.height]).toEqual([40, 60]); // rotated upright

    const stored = await h.app.inject({ method: 'GET', url: photo.originalUrl });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 60]);

    const thumb = await h.app.inject({ method: 'GET', url: photo.thumbUrl });
    expect(thumb.headers['content-type']).toBe('image/webp');
    // Kept by the browser that was shown it (its link changes with the hour), never by a shared cache.
    expect(thumb.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    const forged = await h.app.inject({
      method: 'GET',
      url: photo.thumbUrl.replace(/sig=[^&]+/, 'sig=forged'),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['cache-control']).toBe('no-store');

    const detail = (await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: trustee })).json()
      .item;
    expect(detail.featuredPhotoId).toBe(photo.id);
    const listed = (await call(h, 'GET', `/api/estates/${estateId}/items`, { as: trustee })).json().items[0];
    expect(listed.thumbUrl).toContain(`/photos/${photo.id}/thumb`);
    expect(listed.photoCount).toBe(1);
  });

  it('refuses a file that is not an image, whatever its name says, and an empty upload', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    const fake = await upload(
      estateId,
      item.id,
      trustee,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'cat.jpg',
    );
    expect(fake.statusCode).toBe(415);
    const json = await call(h, 'POST', `/api/estates/${estateId}/items/${item.id}/photos`, {
      as: trustee,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a photo of more than 50 megapixels from its header, before decoding it, and stores nothing', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    // 100 megapixels of one colour: a small file, but 5 s of CPU and 400 MB to decode.
    const huge = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#808080' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const res = await upload(estateId, item.id, trustee, huge, 'huge.png');
    expect(res.statusCode, res.body).toBe(413);
    // `reason` and `params` let the web say it in the reader's language.
    expect(res.json().error).toEqual({
      code: 'too_large',
      reason: 'images.tooManyPixels',
      params: { width: 10_000, height: 10_000, megapixels: 100, limit: 50 },
      message:
        "This photo is 100 megapixels (10,000 × 10,000 pixels); photos can be at most 50 megapixels. Please choose a smaller copy, or take it with the camera's standard setting.",
      fields: { file: 'At most 50 megapixels.' },
    });
    expect(await h.database.db.select().from(photos).where(eq(photos.itemId, item.id))).toEqual([]);
    const filesDir = path.join(h.config.DATA_DIR, 'files');
    expect(
      existsSync(filesDir)
        ? readdirSync(filesDir, { recursive: true }).filter((f) => String(f).includes('.'))
        : [],
    ).toEqual([]);
  });

  it('refuses a 51-megapixel photo from its header, and decodes photos a few at a time', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    // 8,250 × 6,200 = 51.2 megapixels: above the limit (a 50 MP phone photo is 8,160 × 6,120).
    const over = await sharp({ create: { width: 8_250, height: 6_200, channels: 3, background: '#808080' } }).jpeg({ quality: 10 }).toBuffer();
    const refused = await upload(estateId, item.id, trustee, over, 'over.jpg');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.params).toMatchObject({ megapixels: 51, limit: 50 });
    // Eight at once: every one is stored, never more decoded at once than the machine has cores.
    photoDecodes.peak = 0;
    const photo = await phonePhoto();
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(estateId, item.id, trustee, photo)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(photoDecodes.peak).toBeGreaterThan(0);
    expect(photoDecodes.peak).toBeLessThanOrEqual(Math.min(photoDecodes.limit, availableParallelism()));
  });

  it('keeps the 24-photo limit when many uploads to one item arrive at once', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    // 20 photos already (rows only: the limit counts rows), then 16 uploads at once.
    await h.database.db.insert(photos).values(
      Array.from({ length: 20 }, (_, k) => ({ id: randomUUID(), estateId, itemId: item.id, position: k, originalKey: `o${k}`, previewKey: `p${k}`, thumbKey: `t${k}`, width: 60, height: 40, bytes: 1 })),
    );
    const photo = await phonePhoto();
    const answers = await Promise.all(Array.from({ length: 16 }, () => upload(estateId, item.id, trustee, photo)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    expect(await h.database.db.select().from(photos).where(eq(photos.itemId, item.id))).toHaveLength(24);
  });

  it('refuses files over the size limit with 413', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    const big = Buffer.alloc(26 * 1024 * 1024, 1);
    const res = await upload(estateId, item.id, trustee, big);
    expect(res.statusCode).toBe(413);
  });

  it('reorders photos, changes the featured one, and deletes', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    const a = (await upload(estateId, item.id, trustee, await phonePhoto())).json().photo;
    const b = (
      await upload(
        estateId,
        item.id,
        trustee,
        await sharp({ create: { width: 30, height: 30, channels: 3, background: 'blue' } })
          .png()
          .toBuffer(),
        'b.png',
      )
    ).json().photo;
    const base = `/api/estates/${estateId}/items/${item.id}`;
    expect(
      (await call(h, 'PUT', `${base}/photos/order`, { as: trustee, body: { photoIds: [b.id, a.id] } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call(h, 'PUT', `${base}/photos/order`, { as: trustee, body: { photoIds: [b.id] } })).statusCode,
    ).toBe(400);
    const version = (await call(h, 'GET', base, { as: trustee })).json().item.version;
    const featured = await call(h, 'PATCH', base, {
      as: trustee,
      body: { featuredPhotoId: b.id },
      headers: { 'if-match': String(version) },
    });
    expect(featured.json().item.featuredPhotoId).toBe(b.id);
    expect(featured.json().item.photos.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect((await call(h, 'DELETE', `${base}/photos/${b.id}`, { as: trustee })).statusCode).toBe(204);
    expect((await call(h, 'GET', base, { as: trustee })).json().item.featuredPhotoId).toBe(a.id);
  });

  // It ages files on disk; the same sweep on a bucket is storage.contract.test.ts's and sweep-s3.test.ts's.
  it.skipIf(process.env.TEST_S3 === '1')('sweeps the files of deleted photos, keeping shared, fresh and just re-uploaded ones', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const [one, two] = [await createItem(h, estateId, trustee), await createItem(h, estateId, trustee)];
    const filesDir = path.join(h.config.DATA_DIR, 'files');
    const ctx = { db: h.database.db, storage: new LocalDiskStorage(filesDir) };
    const files = () =>
      readdirSync(filesDir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => f.name)
        .sort();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const ageAllFiles = () => {
      for (const f of readdirSync(filesDir, { recursive: true, withFileTypes: true })) {
        if (f.isFile()) utimesSync(path.join(f.parentPath, f.name), hoursAgo(2), hoursAgo(2));
      }
    };
    const square = (background: string) =>
      sharp({ create: { width: 30, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const remove = (itemId: string, photoId: string) =>
      call(h, 'DELETE', `/api/estates/${estateId}/items/${itemId}/photos/${photoId}`, { as: trustee });

    // The same bytes on two items are one set of files; deleting one photo keeps them for the other.
    const shared = await phonePhoto();
    const onOne = (await upload(estateId, one.id, trustee, shared)).json().photo;
    const onTwo = (await upload(estateId, two.id, trustee, shared)).json().photo;
    const blue = (await upload(estateId, one.id, trustee, await square('blue'), 'b.png')).json().photo;
    const before = files();
    expect(before).toHaveLength(6);
    ageAllFiles();
    expect((await remove(one.id, onOne.id)).statusCode).toBe(204);
    expect((await remove(one.id, blue.id)).statusCode).toBe(204);
    expect(await sweepPhotoFiles(ctx, hoursAgo(1))).toBe(3);
    expect(files()).toHaveLength(3);
    expect((await h.app.inject({ method: 'GET', url: onTwo.thumbUrl })).statusCode).toBe(200);

    // A file written within the hour stays, even with no photo: an upload may be about to use it.
    const red = (await upload(estateId, one.id, trustee, await square('red'), 'r.png')).json().photo;
    expect((await remove(one.id, red.id)).statusCode).toBe(204);
    expect(await sweepPhotoFiles(ctx, hoursAgo(1))).toBe(0);

    // Old bytes uploaded again are fresh again, so the sweep leaves the new photo its files.
    ageAllFiles();
    const again = (await upload(estateId, two.id, trustee, await square('red'), 'r.png')).json().photo;
    expect(await sweepPhotoFiles(ctx, hoursAgo(1))).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: again.previewUrl })).statusCode).toBe(200);
    expect(files()).toHaveLength(6);
  });
});
