/**
 * The profile (issue 12): the picture is resized and carries no EXIF; the timeline is the person's
 * own activity as sentences and carries nothing of anyone else's inputs; the photos tab gathers
 * the photos they added; the phone is checked.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import sharp from 'sharp';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { multipart, uploadPhoto } from '../../test/route-world.js';
import { LocalDiskStorage } from '../../platform/storage.js';
import { sweepPhotoFiles } from '../photos/sweep.js';

const h = useHarness();

/** A phone photo: 1200 × 800, turned by its EXIF orientation, with a camera's and a GPS-like note. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6a8caf' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Copyright: 'GPS 41.0082 28.9784' } } })
    .toBuffer();
}

async function putAvatar(as: { token?: string }, bytes: Buffer, type = 'image/jpeg') {
  const body = multipart('me.jpg', type, bytes);
  return h.app.inject({ method: 'PUT', url: '/api/me/avatar', headers: { ...body.headers, authorization: `Bearer ${as.token}` }, payload: body.payload });
}

it('keeps a picture 256 pixels square, upright, without EXIF, behind a signed address', async () => {
  const user = await createUser(h);
  const original = await phonePhoto();
  expect((await sharp(original).metadata()).exif).toBeDefined();

  const res = await putAvatar(user, original);
  expect(res.statusCode, res.body).toBe(200);
  const avatarUrl: string = res.json().profile.avatarUrl;
  expect(avatarUrl).toMatch(new RegExp(`^/api/avatars/${user.id}\\?v=[a-f0-9]{12}&expires=\\d+&sig=`));

  const picture = await h.app.inject({ method: 'GET', url: avatarUrl });
  expect(picture.statusCode).toBe(200);
  expect(picture.headers['content-type']).toBe('image/webp');
  expect(picture.headers['cache-control']).toBe('no-store');
  const meta = await sharp(picture.rawPayload).metadata();
  expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(picture.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  expect(picture.rawPayload.includes(Buffer.from('GPS 41.0082'))).toBe(false);

  // A changed signature, or someone else's id under it, gets nothing.
  // (The first character is swapped for a different one: a fixed 'A' matched it one time in 64.)
  const changedSignature = avatarUrl.replace(/sig=(.)/, (_all, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
  expect((await h.app.inject({ method: 'GET', url: changedSignature })).statusCode).toBe(403);
  const other = await createUser(h);
  expect((await h.app.inject({ method: 'GET', url: avatarUrl.replace(user.id, other.id) })).statusCode).toBe(403);

  // The hourly sweep keeps the picture's file (it is in use).
  const storage = new LocalDiskStorage(path.join(h.config.DATA_DIR, 'files'));
  await sweepPhotoFiles({ db: h.database.db, storage }, new Date(Date.now() + 3600_000));
  expect((await h.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(200);

  const removed = await call(h, 'DELETE', '/api/me/avatar', { as: user });
  expect(removed.json().profile.avatarUrl).toBeNull();
  expect((await h.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
});

it('refuses what is not a picture', async () => {
  const user = await createUser(h);
  const res = await putAvatar(user, Buffer.from('%PDF-1.4 not a picture'), 'application/pdf');
  expect(res.statusCode).toBe(415);
  expect((await call(h, 'PUT', '/api/me/avatar', { as: user, body: {} })).statusCode).toBe(415);
});

it('keeps a phone number as written, and refuses what is not one', async () => {
  const user = await createUser(h);
  expect((await call(h, 'GET', '/api/me/profile', { as: user })).json().profile).toEqual({ phone: '', avatarUrl: null });
  const ok = await call(h, 'PATCH', '/api/me/profile', { as: user, body: { phone: ' +90 (212) 555-01 01 ' } });
  expect(ok.json().profile.phone).toBe('+90 (212) 555-01 01');
  const bad = await call(h, 'PATCH', '/api/me/profile', { as: user, body: { phone: 'call me maybe' } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error.fields.phone).toBeTruthy();
  expect((await call(h, 'PATCH', '/api/me/profile', { as: user, body: { phone: '' } })).json().profile.phone).toBe('');
});

it('writes the person’s own activity as sentences, with nothing of anyone else’s inputs', async () => {
  const trustee = await createUser(h, { firstName: 'Tara' });
  const estateId = await createEstate(h, trustee, 'Estate of Rose');
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const cara = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  await setStage(h, estateId, Stage.Cataloging);
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  const clock = await createItem(h, estateId, trustee, { name: 'Mantel Clock' });
  await setStage(h, estateId, Stage.Approve);
  // Cara flags the clock with a private comment and a suggested correction; the trustee accepts it.
  const flag = await call(h, 'PUT', `/api/estates/${estateId}/items/${clock.id}/approval`, {
    as: cara,
    body: { status: 'flagged', comment: 'CARA-SECRET-COMMENT', suggestion: { name: 'Walnut Mantel Clock' } },
  });
  expect(flag.statusCode, flag.body).toBeLessThan(300);
  const resolve = await call(h, 'POST', `/api/estates/${estateId}/items/${clock.id}/approvals/${cara.id}/resolve`, { as: trustee, body: { resolution: 'accepted' } });
  expect(resolve.statusCode, resolve.body).toBeLessThan(300);
  await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/approval`, { as: ben, body: { status: 'approved' } });
  await setStage(h, estateId, Stage.Interest);
  expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/interest`, { as: cara })).statusCode).toBe(200);
  expect((await call(h, 'PUT', `/api/estates/${estateId}/items/${lamp.id}/interest`, { as: ben })).statusCode).toBe(200);

  const bens = (await call(h, 'GET', '/api/me/timeline', { as: ben })).json();
  // (Accepting the terms and the agreement, when the estate asks for it, are Ben's own too.)
  const own = bens.entries.map((e: { kind: string }) => e.kind).filter((k: string) => k !== 'agreementAccepted');
  expect(own).toEqual(['interestAdded', 'approved', 'joined']);
  expect(bens.entries[0]).toMatchObject({ estateName: 'Estate of Rose', values: { item: 'A-0001 Brass Lamp' }, path: `/p/${estateId}/i/${lamp.id}` });
  // Nothing of Cara's (her heart, her flag) and nothing of the trustee's in Ben's timeline.
  expect(JSON.stringify(bens)).not.toMatch(/CARA-SECRET|Walnut|Mantel/);

  const trustees = (await call(h, 'GET', '/api/me/timeline', { as: trustee })).json();
  const kinds = trustees.entries.map((e: { kind: string }) => e.kind);
  expect(kinds).toEqual(expect.arrayContaining(['flagAccepted', 'itemCreated', 'invited', 'estateCreated']));
  expect(kinds).not.toContain('interestAdded');
  expect(kinds).not.toContain('approved');
  // The trustee accepted Cara's suggestion: the sentence names the item, never her comment or suggestion.
  const accepted = trustees.entries.find((e: { kind: string }) => e.kind === 'flagAccepted');
  expect(accepted.values).toEqual({ item: 'A-0002 Walnut Mantel Clock' });
  expect(JSON.stringify(trustees)).not.toContain('CARA-SECRET');
  expect(JSON.stringify(trustees)).not.toMatch(/@example\.com/);
  expect(JSON.stringify(trustees)).not.toContain(cara.id);

  // Pages, newest first.
  const first = (await call(h, 'GET', '/api/me/timeline?limit=2', { as: trustee })).json();
  expect(first.entries).toHaveLength(2);
  const next = (await call(h, 'GET', `/api/me/timeline?limit=2&cursor=${first.nextCursor}`, { as: trustee })).json();
  expect(next.entries[0].at <= first.entries[1].at).toBe(true);
  expect(next.entries[0].id).not.toBe(first.entries[1].id);
});

it('leaves out the estates the person no longer belongs to', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  expect((await call(h, 'GET', '/api/me/timeline', { as: ben })).json().entries.length).toBeGreaterThan(0);
  await call(h, 'POST', `/api/estates/${estateId}/members/${ben.id}/disable`, { as: trustee });
  expect((await call(h, 'GET', '/api/me/timeline', { as: ben })).json().entries).toEqual([]);
});

it('gathers the photos the person added, in the estates they belong to', async () => {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee, 'Estate of Rose');
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  await setStage(h, estateId, Stage.Cataloging);
  const item = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  const photo = await uploadPhoto(h, estateId, item.id, trustee);
  const mine = (await call(h, 'GET', '/api/me/photos', { as: trustee })).json();
  expect(mine.photos).toEqual([
    expect.objectContaining({ id: photo.id, estateId, estateName: 'Estate of Rose', itemId: item.id, itemName: 'Brass Lamp', itemNumber: 1 }),
  ]);
  expect((await h.app.inject({ method: 'GET', url: mine.photos[0].thumbUrl })).statusCode).toBe(200);
  expect((await call(h, 'GET', '/api/me/photos', { as: ben })).json()).toEqual({ photos: [], nextCursor: null });
});
