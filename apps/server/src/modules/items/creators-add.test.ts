/**
 * Creators add (issue 31): in stage 1 an asset creator adds items, photos, locations and rooms,
 * and changes or deletes only what they added; the trustee changes anything.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { itemLabel } from '@estate/domain/item-status';
import { locations } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function cataloguing() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const carl = await addMember(h, estateId, trustee, [Role.Creator]);
  const cleo = await addMember(h, estateId, trustee, [Role.Creator]);
  await setStage(h, estateId, 1);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  return { trustee, estateId, carl, cleo, url };
}

async function upload(url: string, as: Caller) {
  const bytes = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#a05030' } }).jpeg().toBuffer();
  const boundary = '----creators-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as.token}` } });
}

describe('creators add; they change only what they added', () => {
  it('items: a creator renames and deletes their own, not the trustee’s or another creator’s', async () => {
    const { trustee, estateId, carl, cleo, url } = await cataloguing();
    const trusteeItem = await createItem(h, estateId, trustee, { name: 'Grandfather Clock' });
    const carlItem = await createItem(h, estateId, carl, { name: 'Tool Box' });
    const rename = (id: string, as: Caller, name: string, version = 1) => call(h, 'PATCH', url(`/items/${id}`), { as, body: { name }, headers: { 'if-match': String(version) } });
    const refused = await rename(trusteeItem.id, carl, 'Mine now');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'forbidden', reason: 'policy.notTheirs', message: 'Only the person who added this, or a trustee, can change it.' });
    expect((await call(h, 'DELETE', url(`/items/${trusteeItem.id}`), { as: carl, headers: { 'if-match': '1' } })).statusCode).toBe(403);
    expect((await rename(carlItem.id, cleo, 'Cleo’s box')).statusCode).toBe(403);
    expect((await call(h, 'DELETE', url(`/items/${carlItem.id}`), { as: cleo, headers: { 'if-match': '1' } })).statusCode).toBe(403);
    // Their own: yes. The trustee: anything.
    expect((await rename(carlItem.id, carl, 'Red Tool Box')).statusCode).toBe(200);
    expect((await rename(trusteeItem.id, trustee, 'Walnut Clock')).statusCode).toBe(200);
    expect((await rename(carlItem.id, trustee, 'Tool Box', 2)).statusCode).toBe(200);
    expect((await call(h, 'DELETE', url(`/items/${carlItem.id}`), { as: carl, headers: { 'if-match': '3' } })).statusCode).toBe(204);
    // An item that is not there is still a plain 404.
    expect((await rename(carlItem.id, carl, 'Gone')).statusCode).toBe(404);
  });

  it('photos: a creator adds to any item, deletes only their own photos and orders only their own item’s', async () => {
    const { trustee, estateId, carl, url } = await cataloguing();
    const trusteeItem = await createItem(h, estateId, trustee, { name: 'Grandfather Clock' });
    const byTrustee = (await upload(url(`/items/${trusteeItem.id}/photos`), trustee)).json().photo.id as string;
    const added = await upload(url(`/items/${trusteeItem.id}/photos`), carl);
    expect(added.statusCode, added.body).toBe(201);
    const byCarl = added.json().photo.id as string;
    const refused = await call(h, 'DELETE', url(`/items/${trusteeItem.id}/photos/${byTrustee}`), { as: carl });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe('policy.notTheirs');
    expect((await call(h, 'PUT', url(`/items/${trusteeItem.id}/photos/order`), { as: carl, body: { photoIds: [byCarl, byTrustee] } })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', url(`/items/${trusteeItem.id}/photos/${byCarl}`), { as: carl })).statusCode).toBe(204);
    expect((await call(h, 'DELETE', url(`/items/${trusteeItem.id}/photos/${byTrustee}`), { as: trustee })).statusCode).toBe(204);
  });

  it('locations and rooms: a creator adds rooms anywhere, renames and deletes only their own; older places count as the trustee’s', async () => {
    const { trustee, carl, url } = await cataloguing();
    const house = (await call(h, 'POST', url('/locations'), { as: trustee, body: { name: 'Family House' } })).json().location;
    const garage = await call(h, 'POST', url('/locations'), { as: carl, body: { name: 'Garage' } });
    expect(garage.statusCode).toBe(201);
    const room = await call(h, 'POST', url(`/locations/${house.id}/rooms`), { as: carl, body: { name: 'Attic' } });
    expect(room.statusCode, room.body).toBe(201);
    const kitchen = (await call(h, 'POST', url(`/locations/${house.id}/rooms`), { as: trustee, body: { name: 'Kitchen' } })).json().room;
    expect((await call(h, 'PATCH', url(`/locations/${house.id}`), { as: carl, body: { name: 'My House' } })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', url(`/locations/${house.id}`), { as: carl })).statusCode).toBe(403);
    expect((await call(h, 'PATCH', url(`/rooms/${kitchen.id}`), { as: carl, body: { name: 'Pantry' } })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', url(`/rooms/${kitchen.id}`), { as: carl })).statusCode).toBe(403);
    expect((await call(h, 'PATCH', url(`/rooms/${room.json().room.id}`), { as: carl, body: { name: 'Loft' } })).statusCode).toBe(200);
    expect((await call(h, 'PATCH', url(`/locations/${garage.json().location.id}`), { as: carl, body: { name: 'Old Garage' } })).statusCode).toBe(200);
    expect((await call(h, 'DELETE', url(`/rooms/${room.json().room.id}`), { as: carl })).statusCode).toBe(204);
    // A place from before who added it was recorded: the trustee's.
    await h.database.db.update(locations).set({ createdBy: null }).where(eq(locations.id, garage.json().location.id));
    expect((await call(h, 'DELETE', url(`/locations/${garage.json().location.id}`), { as: carl })).statusCode).toBe(403);
    expect((await call(h, 'PATCH', url(`/locations/${house.id}`), { as: trustee, body: { name: 'Grandma’s House' } })).statusCode).toBe(200);
    expect((await call(h, 'DELETE', url(`/locations/${garage.json().location.id}`), { as: trustee })).statusCode).toBe(204);
  });

  it('import: a creator’s file changes only the items they added (the trustee’s are refused by row, nothing is written)', async () => {
    const { trustee, estateId, carl, url } = await cataloguing();
    const clock = await createItem(h, estateId, trustee, { name: 'Grandfather Clock' });
    const box = await createItem(h, estateId, carl, { name: 'Tool Box' });
    const importAs = (as: Caller, lines: string[]) => {
      const boundary = '----creators-import';
      const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.csv"\r\nContent-Type: text/csv\r\n\r\n${lines.join('\r\n')}\r\n\r\n--${boundary}--\r\n`);
      return h.app.inject({ method: 'POST', url: url('/items/import'), payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as.token}` } });
    };
    const refused = await importAs(carl, ['Number,Name', `${itemLabel(clock.number)},Mine now`, `${itemLabel(box.number)},Red Tool Box`]);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'row 2: Number': expect.stringMatching(/^Only the person who added this item, or a trustee, can change it\./) });
    const names = async () => (await call(h, 'GET', url('/items'), { as: trustee })).json().items.map((i: { name: string }) => i.name).sort();
    expect(await names()).toEqual(['Grandfather Clock', 'Tool Box']);
    // Their own: changed. The trustee's file changes anyone's.
    expect((await importAs(carl, ['Number,Name', `${itemLabel(box.number)},Red Tool Box`])).json()).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await importAs(trustee, ['Number,Name', `${itemLabel(box.number)},Blue Tool Box`, `${itemLabel(clock.number)},Walnut Clock`])).json()).toEqual({ created: 0, updated: 2, unchanged: 0 });
    expect(await names()).toEqual(['Blue Tool Box', 'Walnut Clock']);
  });
});
