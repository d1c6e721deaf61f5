/**
 * Who added the catalogue entry a route addresses (its `created_by`), for the policy's "their own"
 * condition (`theirOwn` in packages/domain/src/permissions.ts): read by the access pre-handler only
 * when a rule needs it, i.e. for an asset creator (config `addedBy` in route-access.ts). A row that
 * is not in the estate answers 404, as the route itself would.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { items, locations, photos, rooms } from '../db/schema.js';
import type { AppContext } from './context.js';
import { notFound } from './errors.js';
import { inEstate } from './tenancy.js';

type Params = { iid?: string; pid?: string; lid?: string; rid?: string };
const param = (req: FastifyRequest, name: keyof Params) => (req.params as Params)[name] ?? '';

export async function itemAddedBy(ctx: AppContext, req: FastifyRequest, estateId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ by: items.createdBy }).from(items).where(inEstate(items, estateId, eq(items.id, param(req, 'iid'))));
  if (!row) throw notFound('That item');
  return row.by;
}

export async function photoAddedBy(ctx: AppContext, req: FastifyRequest, estateId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ by: photos.createdBy }).from(photos).where(inEstate(photos, estateId, eq(photos.id, param(req, 'pid')), eq(photos.itemId, param(req, 'iid'))));
  if (!row) throw notFound('That photo');
  return row.by;
}

export async function locationAddedBy(ctx: AppContext, req: FastifyRequest, estateId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ by: locations.createdBy }).from(locations).where(inEstate(locations, estateId, eq(locations.id, param(req, 'lid'))));
  if (!row) throw notFound('That location');
  return row.by;
}

export async function roomAddedBy(ctx: AppContext, req: FastifyRequest, estateId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ by: rooms.createdBy }).from(rooms).where(inEstate(rooms, estateId, eq(rooms.id, param(req, 'rid'))));
  if (!row) throw notFound('That room');
  return row.by;
}
