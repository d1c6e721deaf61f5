import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { and, eq, sql } from 'drizzle-orm';
import { interests, items, memberships } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

async function estateWithTrustee() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  return { trustee, estateId };
}

describe('items', () => {
  it('numbers items per estate and keeps every field, creating new categories and tags', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const first = await createItem(h, estateId, trustee);
    const res = await call(h, 'POST', `/api/estates/${estateId}/items`, {
      as: trustee,
      body: {
        name: 'Pride and Prejudice',
        notes: 'First edition, slight foxing.',
        categories: ['Book', 'book', 'Heirloom'],
        tags: ['Living Room Shelf'],
        giver: 'Grandpa Joe',
        owners: 'Rose and Joe',
        brand: 'Jane Austen',
        model: 'Hardcover',
        year: 1894,
        value: 250.5,
        currency: 'EUR',
        distribution: 'return',
      },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json().item;
    expect(first).toMatchObject({ number: 1, label: 'A-0001', version: 1 });
    expect(item).toMatchObject({
      number: 2,
      label: 'A-0002',
      categories: ['Book', 'Heirloom'],
      tags: ['Living Room Shelf'],
      value: '250.50',
      currency: 'EUR',
      distribution: 'return',
      status: 'unassigned',
      interestCount: 0,
      interested: false,
      warnings: ['bookNeedsCover'],
    });
    const labels = (await call(h, 'GET', `/api/estates/${estateId}/labels`, { as: trustee })).json();
    expect(labels.categories).toEqual(['Book', 'Furniture', 'Heirloom']);
    // Another estate's numbering starts again at 1.
    const other = await createEstate(h, trustee, 'Second estate');
    expect((await createItem(h, other, trustee)).number).toBe(1);
  });

  it('gives an item without a currency of its own the estate\'s currency', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    await h.database.db.execute(sql`update estates set settings = settings || '{"currency": "TRY"}'::jsonb where id = ${estateId}`);
    const plain = await createItem(h, estateId, trustee, { name: 'Copper Pot', value: 1200 });
    const own = await createItem(h, estateId, trustee, { name: 'Silver Tray', value: 300, currency: 'EUR' });
    const read = async (id: string) => (await call(h, 'GET', `/api/estates/${estateId}/items/${id}`, { as: trustee })).json().item.currency;
    expect(await read(plain.id)).toBe('TRY');
    expect(await read(own.id)).toBe('EUR');
  });

  it('drops bidirectional controls from item, location and room names, and refuses a name that shows nothing', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const url = (path: string) => `/api/estates/${estateId}${path}`;
    const item = await call(h, 'POST', url('/items'), { as: trustee, body: { name: 'Photo\u202Egpj.exe', categories: ['\u2066Books\u2069'] } });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json().item.name).toBe('Photogpj.exe');
    // An Arabic name keeps its letters (only the controls go).
    const patched = await call(h, 'PATCH', url(`/items/${item.json().item.id}`), { as: trustee, body: { name: '\u200Fساعة\u061C الجد' }, headers: { 'if-match': '"1"' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().item.name).toBe('ساعة الجد');
    expect((await call(h, 'POST', url('/items'), { as: trustee, body: { name: '\u202E\u200B' } })).statusCode).toBe(400);
    const location = await call(h, 'POST', url('/locations'), { as: trustee, body: { name: '\u202AFamily House\u202C' } });
    expect(location.statusCode, location.body).toBe(201);
    expect(location.json().location.name).toBe('Family House');
    const room = await call(h, 'POST', url(`/locations/${location.json().location.id}/rooms`), { as: trustee, body: { name: 'Kitchen\u200E' } });
    expect(room.json().room.name).toBe('Kitchen');
  });

  it('names each bad field', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const res = await call(h, 'POST', `/api/estates/${estateId}/items`, {
      as: trustee,
      body: { name: '', year: 'old', value: -3, currency: 'euro', status: 'assigned' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'currency',
      'name',
      'status',
      'value',
      'year',
    ]);
  });

  it('needs If-Match for edits, refuses a stale version, and logs each changed field', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const item = await createItem(h, estateId, trustee);
    const url = `/api/estates/${estateId}/items/${item.id}`;
    expect((await call(h, 'PATCH', url, { as: trustee, body: { name: 'Oak Chair 1' } })).statusCode).toBe(
      428,
    );
    const ok = await call(h, 'PATCH', url, {
      as: trustee,
      body: { name: 'Oak Chair 1', categories: ['Furniture', 'Kitchen'] },
      headers: { 'if-match': '"1"' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('"2"');
    const stale = await call(h, 'PATCH', url, {
      as: trustee,
      body: { name: 'Oak Chair A' },
      headers: { 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.code).toBe('version_mismatch');
    const events = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: trustee })).json().events;
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'item.updated',
          field: 'name',
          from: 'Oak Chair',
          to: 'Oak Chair 1',
        }),
      ]),
    );
  });

  it('lets exactly one of several concurrent edits win', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const item = await createItem(h, estateId, trustee);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(h, 'PATCH', `/api/estates/${estateId}/items/${item.id}`, {
          as: trustee,
          body: { notes: `edit ${i}` },
          headers: { 'if-match': '1' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 412, 412, 412, 412, 412]);
  });

  it('puts items on hold and back (trustees only), but never changes an assignment through an edit', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const item = await createItem(h, estateId, trustee);
    const hold = `/api/estates/${estateId}/items/${item.id}/hold`;
    const held = await call(h, 'PUT', hold, { as: trustee, headers: { 'if-match': '1' } });
    expect(held.json().item.status).toBe('hold');
    const byPatch = await call(h, 'PATCH', `/api/estates/${estateId}/items/${item.id}`, {
      as: trustee,
      body: { status: 'unassigned' },
      headers: { 'if-match': '2' },
    });
    expect(byPatch.statusCode, 'status is not a catalogue edit').toBe(400);
    const sneaky = await call(h, 'PATCH', `/api/estates/${estateId}/items/${item.id}`, {
      as: trustee,
      body: { assignedTo: trustee.id },
      headers: { 'if-match': '2' },
    });
    expect(sneaky.statusCode).toBe(400);
    // An asset creator edits the catalogue in stage 1 but may not hold or release an item.
    await setStage(h, estateId, 1);
    const creator = await addMember(h, estateId, trustee, [Role.Creator]);
    expect((await call(h, 'DELETE', hold, { as: creator, headers: { 'if-match': '2' } })).statusCode).toBe(403);
    const released = await call(h, 'DELETE', hold, { as: trustee, headers: { 'if-match': '2' } });
    expect(released.json().item.status).toBe('unassigned');
  });

  it('lets the appraiser set an item’s value, and only that', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const item = await createItem(h, estateId, trustee);
    const appraiser = await addMember(h, estateId, trustee, [Role.Appraiser]);
    const valued = await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/value`, {
      as: appraiser,
      body: { value: 1250.5, currency: 'EUR' },
      headers: { 'if-match': '1' },
    });
    expect(valued.statusCode, valued.body).toBe(200);
    expect(valued.json().item).toMatchObject({ value: '1250.50', currency: 'EUR' });
    const renamed = await call(h, 'PATCH', `/api/estates/${estateId}/items/${item.id}`, {
      as: appraiser,
      body: { name: 'Something Else' },
      headers: { 'if-match': '2' },
    });
    expect(renamed.statusCode).toBe(403);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const byBeneficiary = await call(h, 'PUT', `/api/estates/${estateId}/items/${item.id}/value`, {
      as: beneficiary,
      body: { value: 1 },
      headers: { 'if-match': '2' },
    });
    expect(byBeneficiary.statusCode).toBe(403);
  });

  it('enforces who may edit in which stage', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const creator = await addMember(h, estateId, trustee, [Role.Creator]);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const observer = await addMember(h, estateId, trustee, [Role.Observer]);
    const body = { name: 'Brass Lamp', categories: ['Lighting'] };
    await setStage(h, estateId, 1);
    expect((await call(h, 'POST', `/api/estates/${estateId}/items`, { as: creator, body })).statusCode).toBe(
      201,
    );
    expect(
      (await call(h, 'POST', `/api/estates/${estateId}/items`, { as: beneficiary, body })).statusCode,
    ).toBe(403);
    expect((await call(h, 'POST', `/api/estates/${estateId}/items`, { as: observer, body })).statusCode).toBe(
      403,
    );
    await setStage(h, estateId, 2);
    const late = await call(h, 'POST', `/api/estates/${estateId}/items`, { as: creator, body });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/Cataloging Assets.*Beneficiaries Approve All Items/);
    expect((await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body })).statusCode).toBe(
      201,
    );
    await setStage(h, estateId, 40);
    expect((await call(h, 'POST', `/api/estates/${estateId}/items`, { as: trustee, body })).statusCode).toBe(
      409,
    );
  });

  it('hides another estate’s items behind 404', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const item = await createItem(h, estateId, trustee);
    const outsider = await createUser(h);
    const theirEstate = await createEstate(h, outsider);
    expect(
      (await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: outsider })).statusCode,
    ).toBe(404);
    // Even through their own estate's path.
    expect(
      (await call(h, 'GET', `/api/estates/${theirEstate}/items/${item.id}`, { as: outsider })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(h, 'PATCH', `/api/estates/${theirEstate}/items/${item.id}`, {
          as: outsider,
          body: { name: 'Mine' },
          headers: { 'if-match': '1' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('item list', () => {
  it('filters, searches, sorts and pages with a cursor', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const house = (
      await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'House' } })
    ).json().location;
    const den = (
      await call(h, 'POST', `/api/estates/${estateId}/locations/${house.id}/rooms`, {
        as: trustee,
        body: { name: 'Den' },
      })
    ).json().room;
    for (let i = 1; i <= 7; i++)
      await createItem(h, estateId, trustee, { name: `Dining Chair ${i}`, roomId: i <= 3 ? den.id : null });
    await createItem(h, estateId, trustee, {
      name: 'Wedding Ring',
      categories: ['Jewellery'],
      notes: 'Grandma’s gold band',
    });

    const list = (q: string) =>
      call(h, 'GET', `/api/estates/${estateId}/items?${q}`, { as: trustee }).then((r) => r.json());
    expect((await list('roomId=' + den.id)).total).toBe(3);
    expect((await list('category=jewellery')).items.map((i: { name: string }) => i.name)).toEqual([
      'Wedding Ring',
    ]);
    expect((await list('q=gold')).items.map((i: { name: string }) => i.name)).toEqual(['Wedding Ring']);
    expect((await list('q=A-0008')).items.map((i: { name: string }) => i.name)).toEqual(['Wedding Ring']);
    expect((await list('q=50%25')).total).toBe(0); // "50%" is text, not a wildcard
    // The room's name finds what stands in it (the directive's chooser: "den"), with the same total.
    const inDen = await list('q=den&sort=number');
    expect(inDen.items.map((i: { name: string }) => i.name)).toEqual(['Dining Chair 1', 'Dining Chair 2', 'Dining Chair 3']);
    expect(inDen.total).toBe(3);
    expect((await list('noPhoto=true')).total).toBe(8);

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { name: string }[]; nextCursor: string | null; total: number } = await list(
        `sort=-name&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.total).toBe(8);
      pages.push(...page.items.map((i) => i.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(['Wedding Ring', ...Array.from({ length: 7 }, (_, i) => `Dining Chair ${7 - i}`)]);

    const bad = await call(h, 'GET', `/api/estates/${estateId}/items?limit=500&sort=price`, { as: trustee });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['limit', 'sort']);
  });

  it('pages a category in number order both ways, with and without another filter (ADR 0018)', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    for (let i = 1; i <= 7; i++)
      await createItem(h, estateId, trustee, { name: `Item ${i}`, categories: i % 2 ? ['Lamps', 'Art'] : ['Art'], notes: i <= 3 ? 'old' : '' });
    const list = (q: string) =>
      call(h, 'GET', `/api/estates/${estateId}/items?${q}`, { as: trustee }).then((r) => r.json());
    const walk = async (q: string) => {
      const names: string[] = [];
      let cursor: string | null = null;
      let total: number;
      do {
        const page: { items: { name: string; categories: string[] }[]; nextCursor: string | null; total: number } =
          await list(`${q}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        total = page.total;
        names.push(...page.items.map((i) => i.name));
        cursor = page.nextCursor;
      } while (cursor);
      return { names, total };
    };
    expect(await walk('category=lamps')).toEqual({ names: ['Item 1', 'Item 3', 'Item 5', 'Item 7'], total: 4 });
    expect(await walk('category=LAMPS&sort=-number')).toEqual({ names: ['Item 7', 'Item 5', 'Item 3', 'Item 1'], total: 4 });
    expect(await walk('category=lamps&q=old')).toEqual({ names: ['Item 1', 'Item 3'], total: 2 });
    expect(await walk('category=lamps&sort=name')).toEqual({ names: ['Item 1', 'Item 3', 'Item 5', 'Item 7'], total: 4 });
    expect(await walk('category=none')).toEqual({ names: [], total: 0 });
    expect((await list('category=lamps')).items[0].categories).toEqual(['Art', 'Lamps']);
  });

  it('keeps the list’s counts and names right through every kind of change (item_summaries)', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const a = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const item = await createItem(h, estateId, trustee, { categories: ['Zebra', 'apple'] });
    const first = async () => (await call(h, 'GET', `/api/estates/${estateId}/items`, { as: trustee })).json().items[0];
    expect(await first()).toMatchObject({ interestCount: 0, photoCount: 0, categories: ['apple', 'Zebra'] });
    await h.database.db.insert(interests).values({ estateId, itemId: item.id, memberId: a.id });
    expect((await first()).interestCount).toBe(1);
    // The member stops being a receiver: the heart stays, but no longer counts; and back.
    await h.database.db.update(memberships).set({ roles: [Role.Observer] }).where(and(eq(memberships.estateId, estateId), eq(memberships.userId, a.id)));
    expect((await first()).interestCount).toBe(0);
    await h.database.db.update(memberships).set({ roles: [Role.Beneficiary] }).where(and(eq(memberships.estateId, estateId), eq(memberships.userId, a.id)));
    expect((await first()).interestCount).toBe(1);
    const edited = await call(h, 'PATCH', `/api/estates/${estateId}/items/${item.id}`, {
      as: trustee,
      headers: { 'if-match': String(item.version) },
      body: { categories: ['Books'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await first()).categories).toEqual(['Books']);
    expect(edited.json().item).toMatchObject({ categories: ['Books'], interestCount: 1 });
    await h.database.db.delete(interests).where(eq(interests.itemId, item.id));
    expect((await first()).interestCount).toBe(0);
  });

  it('keeps the totals right through adding, relabelling and deleting items (item_counts)', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const made = [];
    for (let i = 1; i <= 4; i++) made.push(await createItem(h, estateId, trustee, { categories: i % 2 ? ['Lamps'] : ['Art'] }));
    const total = async (q = '') =>
      (await call(h, 'GET', `/api/estates/${estateId}/items?${q}`, { as: trustee })).json().total as number;
    expect([await total(), await total('category=lamps'), await total('category=art')]).toEqual([4, 2, 2]);
    const relabelled = await call(h, 'PATCH', `/api/estates/${estateId}/items/${made[0]!.id}`, {
      as: trustee,
      headers: { 'if-match': String(made[0]!.version) },
      body: { categories: ['Art', 'Books'] },
    });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect([await total('category=lamps'), await total('category=art'), await total('category=books')]).toEqual([1, 3, 1]);
    const deleted = await call(h, 'DELETE', `/api/estates/${estateId}/items/${made[1]!.id}`, {
      as: trustee,
      headers: { 'if-match': String(made[1]!.version) },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect([await total(), await total('category=art'), await total('category=nothing')]).toEqual([3, 2, 0]);
    // Another estate's items count for it alone.
    const other = await estateWithTrustee();
    await createItem(h, other.estateId, other.trustee, { categories: ['Lamps'] });
    expect([await total(), await total('category=lamps')]).toEqual([3, 1]);
  });

  it('pages by last change to the microsecond: two items changed in the same millisecond both appear once', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const a = await createItem(h, estateId, trustee, { name: 'First' });
    const b = await createItem(h, estateId, trustee, { name: 'Second' });
    await h.database.db.execute(sql`update items set updated_at = '2026-11-21T12:00:00.000100Z' where id = ${a.id}`);
    await h.database.db.execute(sql`update items set updated_at = '2026-11-21T12:00:00.000400Z' where id = ${b.id}`);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { name: string }[]; nextCursor: string | null } = (
        await call(h, 'GET', `/api/estates/${estateId}/items?sort=updated&limit=1${cursor ? `&cursor=${cursor}` : ''}`, { as: trustee })
      ).json();
      names.push(...page.items.map((i) => i.name));
      cursor = page.nextCursor;
    } while (cursor && names.length < 5); // a cursor that repeats a page would walk for ever
    expect(names).toEqual(['First', 'Second']);
  });

  it('counts only receivers’ hearts and never says who', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const a = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const b = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const kid = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: a.id });
    const item = await createItem(h, estateId, trustee);
    await h.database.db
      .insert(interests)
      .values([a, b, kid].map((m) => ({ estateId, itemId: item.id, memberId: m.id })));
    const asB = (await call(h, 'GET', `/api/estates/${estateId}/items`, { as: b })).json().items[0];
    expect(asB).toMatchObject({ interestCount: 2, interested: true });
    const detail = (await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: b })).body;
    expect(detail).not.toContain(a.id);
    expect(detail).not.toContain(kid.id);
  });

  it('never answers from memory after any write, by any path', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const a = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const item = await createItem(h, estateId, trustee);
    const list = async () =>
      (await call(h, 'GET', `/api/estates/${estateId}/items`, { as: a })).json().items[0];
    const detail = async () =>
      (await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: a })).json().item;
    expect(await list()).toMatchObject({ interestCount: 0 });
    expect(await detail()).toMatchObject({ interestCount: 0 });
    // A write that goes around the items module (as the draws and approvals do) is seen at once.
    await h.database.db.insert(interests).values({ estateId, itemId: item.id, memberId: a.id });
    expect(await list()).toMatchObject({ interestCount: 1, interested: true });
    expect(await detail()).toMatchObject({ interestCount: 1, interested: true });
    await h.database.db.update(items).set({ name: 'Renamed elsewhere' }).where(eq(items.id, item.id));
    expect(await list()).toMatchObject({ name: 'Renamed elsewhere' });
    expect(await detail()).toMatchObject({ name: 'Renamed elsewhere' });
    // Losing membership is a write too: the next read is refused.
    await h.database.db
      .delete(memberships)
      .where(and(eq(memberships.estateId, estateId), eq(memberships.userId, a.id)));
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: a })).statusCode).toBe(
      404,
    );
  });
});
