import { describe, expect, it } from 'vitest';
import { Role } from '@estate/domain/roles';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';

const h = useHarness();

describe('locations and rooms', () => {
  it('creates, orders, renames and lists locations with their rooms', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const house = (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'Family House', settings: { color: '#336699' } } })).json().location;
    const storage = (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'Storage Unit' } })).json().location;
    expect([house.position, storage.position]).toEqual([0, 1]);
    await call(h, 'PATCH', `/api/estates/${estateId}/locations/${storage.id}`, { as: trustee, body: { position: 0 } });
    await call(h, 'PATCH', `/api/estates/${estateId}/locations/${house.id}`, { as: trustee, body: { position: 1, name: 'The House' } });
    const list = (await call(h, 'GET', `/api/estates/${estateId}/locations`, { as: trustee })).json().locations;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Storage Unit', 'The House']);
    expect(list[1].settings.color).toBe('#336699');

    const kitchen = (await call(h, 'POST', `/api/estates/${estateId}/locations/${house.id}/rooms`, { as: trustee, body: { name: 'Kitchen' } })).json().room;
    await call(h, 'POST', `/api/estates/${estateId}/locations/${house.id}/rooms`, { as: trustee, body: { name: 'Attic' } });
    const rooms = (await call(h, 'GET', `/api/estates/${estateId}/locations/${house.id}/rooms`, { as: trustee })).json().rooms;
    expect(rooms.map((r: { name: string }) => r.name)).toEqual(['Kitchen', 'Attic']);
    await call(h, 'POST', `/api/estates/${estateId}/locations/${storage.id}/rooms`, { as: trustee, body: { name: 'Bay 4' } });
    // Every room of the estate at once, location by location (Storage Unit is first now).
    const everyRoom = (await call(h, 'GET', `/api/estates/${estateId}/rooms`, { as: trustee })).json().rooms;
    expect(everyRoom.map((r: { name: string }) => r.name)).toEqual(['Bay 4', 'Kitchen', 'Attic']);
    const otherEstate = await createEstate(h, trustee);
    expect((await call(h, 'GET', `/api/estates/${otherEstate}/rooms`, { as: trustee })).json().rooms).toEqual([]);

    // Moving a room moves its items.
    const item = await createItem(h, estateId, trustee, { roomId: kitchen.id });
    await call(h, 'PATCH', `/api/estates/${estateId}/rooms/${kitchen.id}`, { as: trustee, body: { locationId: storage.id } });
    const moved = (await call(h, 'GET', `/api/estates/${estateId}/items/${item.id}`, { as: trustee })).json().item;
    expect(moved.locationId).toBe(storage.id);
  });

  it('reorders the rooms of a location in one request, naming every room once', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const [house, barn] = [
      (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'House' } })).json().location,
      (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'Barn' } })).json().location,
    ];
    const room = async (locationId: string, name: string) => (await call(h, 'POST', `/api/estates/${estateId}/locations/${locationId}/rooms`, { as: trustee, body: { name } })).json().room.id as string;
    const [kitchen, attic, den] = [await room(house.id, 'Kitchen'), await room(house.id, 'Attic'), await room(house.id, 'Den')];
    const loft = await room(barn.id, 'Loft');
    const order = (roomIds: string[], locationId = house.id) => call(h, 'PUT', `/api/estates/${estateId}/locations/${locationId}/rooms/order`, { as: trustee, body: { roomIds } });
    const names = async () => (await call(h, 'GET', `/api/estates/${estateId}/locations/${house.id}/rooms`, { as: trustee })).json().rooms.map((r: { name: string }) => r.name);

    const done = await order([den, kitchen, attic]);
    expect(done.statusCode).toBe(200);
    expect(done.json().rooms.map((r: { name: string; position: number }) => [r.name, r.position])).toEqual([['Den', 0], ['Kitchen', 1], ['Attic', 2]]);
    // A room left out, named twice, or from another location changes nothing.
    for (const wrong of [[kitchen, attic], [den, den, kitchen], [den, kitchen, attic, loft], [den, kitchen, loft]]) {
      const refused = await order(wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty('roomIds');
    }
    expect(await names()).toEqual(['Den', 'Kitchen', 'Attic']);
    expect((await order([loft], '01900000-0000-7000-8000-000000000000')).json().error.message).toBe('Requested location do not exist.');
  });

  it('says "Requested location do not exist." and refuses bad colours', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const missing = await call(h, 'GET', `/api/estates/${estateId}/locations/01900000-0000-7000-8000-000000000000/rooms`, { as: trustee });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Requested location do not exist.');
    const missingRoom = await call(h, 'PATCH', `/api/estates/${estateId}/rooms/01900000-0000-7000-8000-000000000000`, { as: trustee, body: { name: 'X' } });
    expect(missingRoom.json().error.message).toBe('Requested room do not exist.');
    const bad = await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'Barn', settings: { color: 'red' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['settings.color']).toBe('Bad Hex');
  });

  it('refuses to delete a location or room that still holds items', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const house = (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'House' } })).json().location;
    const room = (await call(h, 'POST', `/api/estates/${estateId}/locations/${house.id}/rooms`, { as: trustee, body: { name: 'Den' } })).json().room;
    const item = await createItem(h, estateId, trustee, { roomId: room.id });
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/locations/${house.id}`, { as: trustee })).statusCode).toBe(409);
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/rooms/${room.id}`, { as: trustee })).statusCode).toBe(409);
    await call(h, 'DELETE', `/api/estates/${estateId}/items/${item.id}`, { as: trustee });
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/rooms/${room.id}`, { as: trustee })).statusCode).toBe(204);
    expect((await call(h, 'DELETE', `/api/estates/${estateId}/locations/${house.id}`, { as: trustee })).statusCode).toBe(204);
  });

  it('lets creators arrange locations only while cataloguing; beneficiaries never', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    const creator = await addMember(h, estateId, trustee, [Role.Creator]);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const early = await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: creator, body: { name: 'Garage' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('Cataloging Assets');
    await setStage(h, estateId, 1);
    expect((await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: creator, body: { name: 'Garage' } })).statusCode).toBe(201);
    expect((await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: beneficiary, body: { name: 'Shed' } })).statusCode).toBe(403);
    expect((await call(h, 'GET', `/api/estates/${estateId}/locations`, { as: beneficiary })).statusCode).toBe(200);
  });
});
