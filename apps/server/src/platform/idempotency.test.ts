import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { items, photos } from '../db/schema.js';
import { call, useHarness, type Caller } from '../test/harness.js';
import { addMember, createEstate, createItem, createUser } from '../test/factories.js';
import { Role } from '@estate/domain/roles';

const h = useHarness();

function photoUpload(estateId: string, itemId: string, as: Caller, file: Buffer, key: string) {
  const boundary = '----estate-idempotency';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${itemId}/photos`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as.token}`, 'idempotency-key': key },
  });
}

const jpeg = (r: number) => sharp({ create: { width: 20, height: 20, channels: 3, background: { r, g: 10, b: 10 } } }).jpeg().toBuffer();

describe('Idempotency-Key on creations', () => {
  it('a repeated item creation answers the same item and creates nothing more', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const send = (body: Record<string, unknown>, key = 'phone-1:item-1') =>
      call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body, headers: { 'idempotency-key': key } });

    const first = await send({ name: 'Rocking chair' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send({ name: 'Rocking chair' });
    expect(again.statusCode).toBe(201);
    expect(again.json().item.id).toBe(first.json().item.id);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await h.database.db.select().from(items).where(eq(items.estateId, estateId))).toHaveLength(1);

    const other = await send({ name: 'Footstool' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toMatch(/different request/);

    const newKey = await send({ name: 'Footstool' }, 'phone-1:item-2');
    expect(newKey.statusCode).toBe(201);
    expect(await h.database.db.select().from(items).where(eq(items.estateId, estateId))).toHaveLength(2);
  });

  it('keeps keys per person: another member with the same key makes their own item', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const second = await addMember(h, estateId, trustee, [Role.Trustee]);
    const body = { name: 'Clock' };
    const a = await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body, headers: { 'idempotency-key': 'k' } });
    const b = await call(h, 'POST', `/api/estates/${estateId}/items`, { as: second, body, headers: { 'idempotency-key': 'k' } });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().item.id).not.toBe(b.json().item.id);
  });

  it('refuses an empty or too long key', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const long = await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body: { name: 'x' }, headers: { 'idempotency-key': 'k'.repeat(201) } });
    expect(long.statusCode).toBe(400);
  });

  it('a refused creation is not kept: the repeat is asked again', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const bad = await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body: { name: 'Lamp', roomId: crypto.randomUUID() }, headers: { 'idempotency-key': 'lamp' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    const fine = await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body: { name: 'Lamp', roomId: crypto.randomUUID() }, headers: { 'idempotency-key': 'lamp' } });
    expect(fine.statusCode).toBe(bad.statusCode);
  });

  it('a repeated photo upload answers the same photo; another photo under the same key is refused', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const item = await createItem(h, estateId, trustee);
    const bytes = await jpeg(200);
    const first = await photoUpload(estateId, item.id, trustee, bytes, 'photo-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await photoUpload(estateId, item.id, trustee, bytes, 'photo-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().photo.id).toBe(first.json().photo.id);
    expect(await h.database.db.select().from(photos).where(eq(photos.itemId, item.id))).toHaveLength(1);
    const other = await photoUpload(estateId, item.id, trustee, await jpeg(10), 'photo-1');
    expect(other.statusCode).toBe(409);
  });
});
