/**
 * `npm run demo`: the demo estate "Estate of Margaret Ellis", loaded only when the server starts
 * with `--demo` (main.ts), and only once: a later start finds it and just prints the sign-ins.
 *
 * It goes through the real use cases (create the estate, locations, rooms, items, photos, move the
 * stages) so the demo exercises the same code as the app. The estate ends in stage 11 "Express Your
 * Interest In Items", with the catalogue approved and some hearts given. Photos are drawn on the
 * fly with sharp; nothing is downloaded.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { Role, estateRoles } from '@estate/domain/roles';
import { STAGE_NAMES, Stage, isStageCode, type StageCode } from '@estate/domain/stages';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { approvals, estates, interests, items, memberships, participation, photos, system, users } from '../db/schema.js';
import { recordActivity } from '../platform/activity.js';
import type { EstateAccess } from '../platform/auth.js';
import { createContext, type AppContext } from '../platform/context.js';
import { processHandlers } from '../process-handlers.js';
import { newId } from '../platform/ids.js';
import { hashPassword } from '../platform/passwords.js';
import { createEstate } from '../modules/estates/service.js';
import { createItem } from '../modules/items/service.js';
import { createLocation, createRoom } from '../modules/locations/service.js';
import { addPhoto } from '../modules/photos/service.js';
import { moveStage } from '../modules/stages/service.js';
import { CATEGORY_COLORS, DEMO_PLACES, type DemoItem } from './demo-catalogue.js';
import { acceptCurrentFor } from '../modules/agreements/service.js';

export const DEMO_ESTATE_NAME = 'Estate of Margaret Ellis';
export const DEMO_PASSWORD = 'Ellis-Demo-2026';
const DONE_KEY = 'demo-estate';

type Person = { key: string; firstName: string; lastName: string; email: string; roles: number[]; label: string; receivesThrough?: string };

/** Everyone in the demo, one per role (a trustee opens the estate and so is its first trustee). */
export const DEMO_PEOPLE: Person[] = [
  { key: 'admin', firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.example', roles: [], label: 'Admin (installation)' },
  { key: 'susan', firstName: 'Susan', lastName: 'Ellis', email: 'susan@demo.example', roles: [Role.Trustee], label: 'Trustee (daughter)' },
  { key: 'david', firstName: 'David', lastName: 'Chen', email: 'david@demo.example', roles: [Role.Trustee], label: 'Trustee (professional)' },
  { key: 'richard', firstName: 'Richard', lastName: 'Ellis', email: 'richard@demo.example', roles: [Role.Owner], label: 'Estate Owner' },
  { key: 'james', firstName: 'James', lastName: 'Ellis', email: 'james@demo.example', roles: [Role.Beneficiary], label: 'Beneficiary' },
  { key: 'laura', firstName: 'Laura', lastName: 'Ellis Bennett', email: 'laura@demo.example', roles: [Role.Beneficiary], label: 'Beneficiary' },
  { key: 'michael', firstName: 'Michael', lastName: 'Ellis', email: 'michael@demo.example', roles: [Role.Beneficiary], label: 'Beneficiary' },
  { key: 'anna', firstName: 'Anna', lastName: 'Ellis Novak', email: 'anna@demo.example', roles: [Role.Beneficiary], label: 'Beneficiary' },
  { key: 'emily', firstName: 'Emily', lastName: 'Bennett', email: 'emily@demo.example', roles: [Role.Offspring], label: 'Offspring (Laura’s daughter)', receivesThrough: 'laura' },
  { key: 'rosa', firstName: 'Rosa', lastName: 'Martinez', email: 'rosa@demo.example', roles: [Role.Creator], label: 'Asset Creator' },
  { key: 'thomas', firstName: 'Thomas', lastName: 'Grant', email: 'thomas@demo.example', roles: [Role.Observer], label: 'Observer (family attorney)' },
  { key: 'priya', firstName: 'Priya', lastName: 'Shah', email: 'priya@demo.example', roles: [Role.Appraiser], label: 'Appraiser' },
];

/**
 * A tiny seeded pseudo-random generator (mulberry32), for the demo only: it picks which items the
 * demo family hearts, the same way on every machine. Product code never uses it.
 */
function demoRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

/** A simple picture: the category's colour, a frame, and the words in large type. */
async function drawPhoto(title: string, subtitle: string, color: string): Promise<Buffer> {
  const lines = wrap(title, 16);
  const size = lines.length > 2 ? 54 : 64;
  const top = 240 - ((lines.length - 1) * size * 1.15) / 2;
  const text = lines
    .map((l, i) => `<text x="320" y="${top + i * size * 1.15}" font-size="${size}" text-anchor="middle" dominant-baseline="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" fill="#fff">${escapeXml(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1d1d1d" stop-opacity="0.85"/></linearGradient></defs>
    <rect width="640" height="480" fill="${color}"/><rect width="640" height="480" fill="url(#g)" opacity="0.55"/>
    <rect x="24" y="24" width="592" height="432" rx="18" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="4"/>
    ${text}
    <text x="320" y="430" font-size="22" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#fff" fill-opacity="0.85">${escapeXml(subtitle)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Generic pictures are drawn only for these common categories; other items without their own photo have none. */
const GENERIC_PHOTO_CATEGORIES = ['Furniture', 'Kitchenware', 'Sports', 'Lighting', 'Linens', 'Outdoor'];

async function buildContext(config: Config, database: Database, log: FastifyBaseLogger): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const ctx = await createContext(config, database, log, () => new Date(), processHandlers);
  return {
    ctx,
    close: async () => {
      await ctx.process.idle();
      await ctx.mailer.close();
    },
  };
}

/** The same access a signed-in member gets from requireEstateAccess (roles, stage, admin flag). */
async function accessAs(ctx: AppContext, userId: string, estateId: string): Promise<EstateAccess> {
  const [row] = await ctx.db
    .select({ user: users, estate: estates, roles: memberships.roles })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(estates, eq(estates.id, memberships.estateId))
    .where(and(eq(memberships.estateId, estateId), eq(memberships.userId, userId)));
  if (!row) throw new Error('demo: member not found');
  const stage: StageCode = isStageCode(row.estate.stage) ? row.estate.stage : 0;
  return { user: row.user, estate: row.estate, stage, roles: estateRoles(row.roles, row.user.isAdmin) };
}

/** Accounts, created once; all share the one demo password (hashed once: they are demo accounts). */
async function ensurePeople(ctx: AppContext, log: FastifyBaseLogger): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const existing = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_PEOPLE.map((p) => p.email)));
  const byEmail = new Map(existing.map((u) => [u.email, u.id]));
  const [anyone] = await ctx.db.select({ id: users.id }).from(users).limit(1);
  const passwordHash = existing.length < DEMO_PEOPLE.length ? await hashPassword(DEMO_PASSWORD) : '';
  for (const person of DEMO_PEOPLE) {
    let id = byEmail.get(person.email);
    if (!id && person.key === 'admin' && anyone) {
      // Never add a known-password administrator to an installation that already has real accounts.
      log.warn('demo: this installation already has accounts, so no demo administrator was added');
      continue;
    }
    if (!id) {
      id = newId();
      await ctx.db.insert(users).values({
        id,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        passwordHash,
        isAdmin: person.key === 'admin',
        emailConfirmedAt: ctx.now(),
      });
      if (person.key === 'admin') await ctx.db.insert(system).values({ key: 'setup', value: ctx.now().toISOString() }).onConflictDoNothing();
    }
    ids.set(person.key, id);
  }
  return ids;
}

type Upload = { itemId: string; by: EstateAccess; key: string; position: number; draw: () => Promise<Buffer> };

/** An item's photos: its own picture (books: the cover), and for everyday things a stand-in picture too. */
function uploadsFor(itemId: string, spec: DemoItem, by: EstateAccess): Upload[] {
  const first = spec.categories[0]!;
  const color = CATEGORY_COLORS[first] ?? '#5b7083';
  const own = spec.photo ? [{ key: `item:${spec.name}`, draw: () => drawPhoto(spec.name, first === 'Book' ? (spec.brand ?? '') : first, color) }] : [];
  const generic = GENERIC_PHOTO_CATEGORIES.includes(first) ? [{ key: `category:${first}`, draw: () => drawPhoto(first, 'Photo to follow', color) }] : [];
  return [...own, ...generic].map((p, position) => ({ ...p, itemId, by, position }));
}

async function addCatalogue(ctx: AppContext, trustee: EstateAccess, creator: EstateAccess, log: FastifyBaseLogger) {
  const started = Date.now();
  const created: { id: string; spec: DemoItem; by: EstateAccess }[] = [];

  for (const place of DEMO_PLACES) {
    const location = await createLocation(ctx, trustee, { name: place.location, settings: { color: place.color, subscribed: false, cardCoverImages: true } });
    for (const roomSpec of place.rooms) {
      const room = await createRoom(ctx, trustee, location.id, roomSpec.name);
      for (const spec of roomSpec.items) {
        // The asset creator catalogued the cottage; the trustee did the rest.
        const by = place.location === 'Lake Cottage' ? creator : trustee;
        const made = await createItem(ctx, by, {
          name: spec.name,
          notes: spec.notes ?? '',
          locationId: location.id,
          roomId: room.id,
          categories: spec.categories,
          tags: spec.tags ?? [],
          giver: spec.giver ?? '',
          owners: spec.owners ?? '',
          brand: spec.brand ?? '',
          model: spec.model ?? '',
          year: spec.year ?? null,
          value: spec.value ?? null,
          currency: 'USD',
          distribution: spec.distribution ?? 'divide',
        });
        created.push({ id: made.id, spec, by });
      }
    }
  }

  // Photos: each picture goes through the real upload (addPhoto: checked, re-encoded, thumbnailed,
  // stored) the first time, a few at a time as phones would upload them; items that share a
  // stand-in picture then share its stored files.
  const firstUses: Upload[] = [];
  const repeats: Upload[] = [];
  const seen = new Set<string>();
  for (const upload of created.flatMap((c) => uploadsFor(c.id, c.spec, c.by))) {
    // A first use that is an item's second photo still goes through addPhoto, which places it second.
    if (seen.has(upload.key)) repeats.push(upload);
    else firstUses.push(upload);
    seen.add(upload.key);
  }
  const uploaded = new Map<string, string>();
  // First photos first, so each item's own picture is the featured one.
  for (const position of [0, 1]) {
    const queue = firstUses.filter((u) => u.position === position);
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let upload = queue.shift(); upload; upload = queue.shift()) {
          const photo = await addPhoto(ctx, upload.by, upload.itemId, await upload.draw());
          uploaded.set(upload.key, photo.id);
        }
      }),
    );
  }

  const sources = await ctx.db.select().from(photos).where(inArray(photos.id, [...uploaded.values()]));
  const sourceOf = new Map(sources.map((p) => [p.id, p]));
  await ctx.db.transaction(async (tx) => {
    for (const upload of repeats) {
      const source = sourceOf.get(uploaded.get(upload.key)!)!;
      const id = newId();
      await tx.insert(photos).values({ ...source, id, itemId: upload.itemId, position: upload.position, createdBy: upload.by.user.id, createdAt: ctx.now() });
      if (upload.position === 0) await tx.update(items).set({ featuredPhotoId: id }).where(and(eq(items.estateId, source.estateId), eq(items.id, upload.itemId)));
      await recordActivity(tx, { estateId: source.estateId, actorId: upload.by.user.id, action: 'photo.added', entity: 'item', entityId: upload.itemId, field: 'photos', to: id });
    }
  });
  log.info({ items: created.length, photos: seen.size + repeats.length, distinctPictures: seen.size, ms: Date.now() - started }, 'demo: catalogue added');
  return created;
}

/** Stage 2's outcome: every beneficiary approved every item; two flags raised and resolved. */
async function approveCatalogue(ctx: AppContext, estateId: string, beneficiaries: string[], trusteeId: string, itemIds: string[]) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const memberId of beneficiaries) {
      await tx.insert(approvals).values(itemIds.map((itemId) => ({ estateId, itemId, memberId, status: 'approved' as const, updatedAt: now })));
      await tx.insert(participation).values({ estateId, memberId, stage: Stage.Approve, doneAt: now });
    }
    const flags = [
      { itemId: itemIds[5]!, memberId: beneficiaries[1]!, comment: 'I think this lamp was Grandma Ruth’s, not bought new.' },
      { itemId: itemIds[12]!, memberId: beneficiaries[2]!, comment: 'Is the value right? It seems low.' },
    ];
    for (const f of flags) {
      await tx
        .update(approvals)
        .set({ status: 'flagged', comment: f.comment, resolution: 'rejected', resolvedBy: trusteeId, resolvedAt: now })
        .where(and(eq(approvals.estateId, estateId), eq(approvals.itemId, f.itemId), eq(approvals.memberId, f.memberId)));
    }
  });
}

/** Stage 11 under way: each beneficiary has hearted some items (a few contested), one is done. */
async function addHearts(ctx: AppContext, estateId: string, hearts: { memberId: string; count: number }[], poolIds: string[]) {
  const random = demoRandom(19_500_614);
  const popular = poolIds.filter((_, i) => i % 9 === 0);
  const rows: (typeof interests.$inferInsert)[] = [];
  for (const { memberId, count } of hearts) {
    const chosen = new Set<string>();
    // Everyone wants a few of the same things; the rest is personal taste.
    while (chosen.size < Math.min(count / 3, popular.length)) chosen.add(popular[Math.floor(random() * popular.length)]!);
    while (chosen.size < count) chosen.add(poolIds[Math.floor(random() * poolIds.length)]!);
    for (const itemId of chosen) rows.push({ estateId, itemId, memberId });
  }
  await ctx.db.insert(interests).values(rows).onConflictDoNothing();
}

function printSignIns(config: Config, estateId: string, stage: StageCode, people: Person[]) {
  const lines = [
    `Demo estate: ${DEMO_ESTATE_NAME}`,
    `Stage ${stage}: ${STAGE_NAMES[stage]}`,
    `Open ${config.PUBLIC_URL}/p/${estateId}/i`,
    '',
    `Every demo account uses the password: ${DEMO_PASSWORD}`,
    '',
    ...people.map((p) => `${p.email.padEnd(24)} ${`${p.firstName} ${p.lastName}`.padEnd(20)} ${p.label}`),
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const box = [`┌${'─'.repeat(width + 2)}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${'─'.repeat(width + 2)}┘`];
  process.stdout.write(`\n${box.join('\n')}\n\n`);
}

export async function loadDemo({ config, database, log }: { config: Config; database: Database; log: FastifyBaseLogger }): Promise<void> {
  const { ctx, close } = await buildContext(config, database, log);
  try {
    const started = Date.now();
    const ids = await ensurePeople(ctx, log);
    const id = (key: string) => ids.get(key)!;
    const people = DEMO_PEOPLE.filter((p) => ids.has(p.key));

    const [done] = await ctx.db.select().from(system).where(eq(system.key, DONE_KEY));
    const [existing] = done ? await ctx.db.select().from(estates).where(eq(estates.id, done.value)) : [];
    if (existing) {
      printSignIns(config, existing.id, isStageCode(existing.stage) ? existing.stage : 0, people);
      return;
    }
    // A load that was interrupted leaves a half-made estate: start that one again.
    await ctx.db.delete(estates).where(and(eq(estates.name, DEMO_ESTATE_NAME), eq(estates.createdBy, id('susan'))));
    await ctx.db.delete(system).where(eq(system.key, DONE_KEY));

    const [susan] = await ctx.db.select().from(users).where(eq(users.id, id('susan')));
    const estate = await createEstate(ctx, susan!, DEMO_ESTATE_NAME);
    const estateId = estate.id;
    await ctx.db.insert(memberships).values(
      DEMO_PEOPLE.filter((p) => p.roles.length > 0 && p.key !== 'susan').map((p) => ({
        estateId,
        userId: id(p.key),
        roles: p.roles,
        receivesThrough: p.receivesThrough ? id(p.receivesThrough) : null,
      })),
    );
    // Everyone in the demo has read and accepted the Terms and the Agreement (they have been taking part).
    for (const p of DEMO_PEOPLE.filter((p) => p.roles.length > 0)) await acceptCurrentFor(ctx.db, estateId, id(p.key), ctx.now());
    const trusteeNow = () => accessAs(ctx, id('susan'), estateId);
    const advance = async (to: StageCode) => moveStage(ctx, await trusteeNow(), to);

    await advance(Stage.Cataloging);
    const created = await addCatalogue(ctx, await trusteeNow(), await accessAs(ctx, id('rosa'), estateId), log);

    await advance(Stage.Approve);
    const beneficiaries = ['james', 'laura', 'michael', 'anna'].map(id);
    await approveCatalogue(ctx, estateId, beneficiaries, id('susan'), created.map((c) => c.id));
    await advance(Stage.Directives);
    await advance(Stage.Interest);

    const poolIds = created.filter((c) => (c.spec.distribution ?? 'divide') === 'divide').map((c) => c.id);
    await addHearts(
      ctx,
      estateId,
      [
        { memberId: id('james'), count: 24 },
        { memberId: id('laura'), count: 30 },
        { memberId: id('michael'), count: 12 },
        { memberId: id('anna'), count: 18 },
        { memberId: id('emily'), count: 8 },
      ],
      poolIds,
    );
    await ctx.db.insert(participation).values({ estateId, memberId: id('michael'), stage: Stage.Interest, doneAt: ctx.now() });

    await ctx.db.insert(system).values({ key: DONE_KEY, value: estateId });
    const [counts] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(items).where(eq(items.estateId, estateId));
    log.info({ estateId, items: counts?.n, ms: Date.now() - started }, 'demo: estate ready');
    printSignIns(config, estateId, Stage.Interest, people);
  } finally {
    await close();
  }
}
