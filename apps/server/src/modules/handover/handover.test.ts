/**
 * Hand-over through the API: results (40) → hand-over (41) → closed (42), the refusals on the way,
 * receipts (once, only by the receiver or the parent who receives for them), mail and reminders in
 * the receiver's language, pick-up lists (PDF text and XLSX cells, Arabic right to left), and what
 * becomes of unwanted or held items.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Role } from '@estate/domain/roles';
import { items as itemsTable, outbox } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage, signIn } from '../../test/factories.js';
import { uploadPhoto } from '../../test/route-world.js';
import { pdfLines } from '../../test/pdf-extract.js';
import { unicodeFonts, visualText } from '../../platform/pdf-text.js';
import { RECEIPT_REMINDER_AFTER_MS } from './notify.js';

const h = useHarness();

/** Hand-over mails to one address (other mails, e.g. invitations and "your turn", are left out). */
const HANDOVER_SUBJECTS = /^(Your items are|Did your items|هل وصلتك|تحدد موعد|مقتنياتك في الطريق)/;

async function mails(to: string, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await h.database.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) => HANDOVER_SUBJECTS.test(m.subject));
    if (rows.length > 0 || Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An estate in stage 40: Anna (Arabic) receives two items by directive, Ben one, Anna's grandchild
 * Kim a returned item (Anna receives for her); a lamp is held (no one receives it).
 */
async function publishedEstate() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kim = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: anna.id });
  const appraiser = await addMember(h, estateId, trustee, [Role.Appraiser]);
  const buyer = await addMember(h, estateId, trustee, [Role.Buyer]);
  const seller = await addMember(h, estateId, trustee, [Role.Seller]);
  expect((await call(h, 'PATCH', '/api/me', { as: anna, body: { settings: { language: 'ar' } } })).statusCode).toBe(200);
  const location = (await call(h, 'POST', url('/locations'), { as: trustee, body: { name: 'بيت الجدة' } })).json().location;
  const room = (await call(h, 'POST', url(`/locations/${location.id}/rooms`), { as: trustee, body: { name: 'Kitchen' } })).json().room;
  const chair = await createItem(h, estateId, trustee, { name: 'كرسي هزاز 2', locationId: location.id, roomId: room.id });
  const clock = await createItem(h, estateId, trustee, { name: 'Mantel Clock', locationId: location.id, roomId: room.id });
  const desk = await createItem(h, estateId, trustee, { name: 'Oak Desk', locationId: location.id });
  const quilt = await createItem(h, estateId, trustee, { name: 'Wedding Quilt', distribution: 'return' });
  const lamp = await createItem(h, estateId, trustee, { name: 'Brass Lamp' });
  await uploadPhoto(h, estateId, chair.id, trustee);
  const move = async (to: number) => {
    if (to === 10) for (const person of [anna, ben]) await call(h, 'POST', url('/approvals/approve-all'), { as: person });
    const res = await call(h, 'POST', url('/stage'), { as: trustee, body: { to } });
    expect(res.statusCode, res.body).toBe(200);
  };
  await move(1);
  await move(2);
  await move(10);
  for (const [item, who] of [[chair, anna], [clock, anna], [desk, ben]] as const) {
    const res = await call(h, 'POST', url('/directives'), { as: trustee, body: { itemId: item.id, memberId: who.id, clause: 'By the will.' } });
    expect(res.statusCode, res.body).toBe(201);
  }
  expect((await call(h, 'POST', url('/returns'), { as: trustee, body: { itemId: quilt.id, memberId: kim.id, note: 'Made for Kim.' } })).statusCode).toBe(201);
  const lampVersion = (await call(h, 'GET', url(`/items/${lamp.id}`), { as: trustee })).json().item.version;
  expect((await call(h, 'PUT', url(`/items/${lamp.id}/hold`), { as: trustee, headers: { 'if-match': String(lampVersion) } })).statusCode).toBe(200);
  // The automated steps have their own tests: here the results are simply published.
  await setStage(h, estateId, 40);
  return { trustee, estateId, url, observer, anna, ben, kim, appraiser, buyer, seller, chair, clock, desk, quilt, lamp, move };
}

const versionOf = async (id: string) => (await h.database.db.select({ v: itemsTable.version }).from(itemsTable).where(eq(itemsTable.id, id)))[0]!.v;

describe('hand-over (41) and closing it (42)', () => {
  it('walks 40 → 41 → 42: who sees what, scheduling, a pick-up at once, receipts, and the count that holds 42', async () => {
    const f = await publishedEstate();
    const list = async (as: Caller) => {
      const res = await call(h, 'GET', f.url('/handover'), { as });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().handover as { itemId: string; memberId: string; status: string; receivedAt: string | null; item: { label: string; version: number } }[];
    };
    // Everything assigned, nothing recorded yet; each beneficiary sees their own and their grandchild's.
    expect((await list(f.trustee)).map((e) => e.status)).toEqual(['assigned', 'assigned', 'assigned', 'assigned']);
    expect((await list(f.observer)).length).toBe(4);
    expect((await list(f.anna)).map((e) => e.itemId).sort()).toEqual([f.chair.id, f.clock.id, f.quilt.id].sort());
    expect((await list(f.ben)).map((e) => e.itemId)).toEqual([f.desk.id]);
    expect((await list(f.kim)).map((e) => e.itemId)).toEqual([f.quilt.id]);
    expect((await call(h, 'GET', f.url('/handover'), { as: f.buyer })).statusCode).toBe(403);

    const put = async (itemId: string, body: unknown, as: Caller = f.trustee, version?: number) =>
      call(h, 'PUT', f.url(`/items/${itemId}/handover`), { as, body, headers: { 'if-match': String(version ?? (await versionOf(itemId))) } });
    // Only in 41, only the trustee, with the item's version.
    expect((await put(f.desk.id, { status: 'scheduled' })).statusCode).toBe(409);
    await f.move(41);
    const refusedToBen = await put(f.chair.id, { status: 'handed-over' }, f.ben);
    expect(refusedToBen.statusCode).toBe(403);
    expect((await put(f.chair.id, { status: 'handed-over' }, f.anna)).statusCode).toBe(403);
    expect((await call(h, 'PUT', f.url(`/items/${f.desk.id}/handover`), { as: f.trustee, body: { status: 'scheduled' } })).statusCode).toBe(428);
    expect((await put(f.desk.id, { status: 'scheduled' }, f.trustee, 1)).statusCode).toBe(412);
    expect((await put(f.lamp.id, { status: 'handed-over' })).statusCode).toBe(409);

    const scheduled = await put(f.desk.id, { status: 'scheduled', method: 'pickup', scheduledAt: '2026-11-28T10:00:00Z', note: 'Saturday morning, side door.' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().handover).toMatchObject({ itemId: f.desk.id, memberId: f.ben.id, status: 'scheduled', method: 'pickup', scheduledAt: '2026-11-28T10:00:00.000Z', note: 'Saturday morning, side door.' });
    expect(scheduled.headers.etag).toBe(`"${await versionOf(f.desk.id)}"`);
    const benMail = await mails(f.ben.email);
    expect(benMail).toHaveLength(1);
    expect(benMail[0]!.subject).toMatch(/^Your items are scheduled/);
    expect(benMail[0]!.text).toContain('A-0003 Oak Desk');

    // 42 is refused while items have no outcome, naming how many, and the control panel shows why.
    const moves = (await call(h, 'GET', f.url('/stage/moves'), { as: f.trustee })).json();
    expect(moves.forward).toEqual({ to: 42, allowed: false, code: 'handover-incomplete', params: { open: 4 } });
    const early = await call(h, 'POST', f.url('/stage'), { as: f.trustee, body: { to: 42 } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/^4 assigned items have no receipt yet/);

    // Anna's pick-up, all at once; a stale version or someone else's item changes nothing.
    const pickup = (itemsList: { itemId: string; version: number }[], memberId = f.anna.id) =>
      call(h, 'PUT', f.url('/handover'), { as: f.trustee, body: { memberId, status: 'handed-over', method: 'pickup', items: itemsList } });
    const annas = [
      { itemId: f.chair.id, version: await versionOf(f.chair.id) },
      { itemId: f.clock.id, version: await versionOf(f.clock.id) },
    ];
    expect((await pickup([annas[0]!, { itemId: f.clock.id, version: 1 }])).statusCode).toBe(412);
    expect((await pickup([...annas, { itemId: f.desk.id, version: await versionOf(f.desk.id) }])).statusCode).toBe(409);
    expect((await list(f.trustee)).filter((e) => e.status === 'handed-over')).toEqual([]);
    const done = await pickup(annas);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().handover.map((e: { status: string }) => e.status)).toEqual(['handed-over', 'handed-over']);
    // Handed over in person: no mail for that (the reminder comes later), an in-app notice only.
    expect(await mails(f.anna.email, 300)).toEqual([]);

    // Receipts: only the receiver, or the parent for the grandchild; once.
    const receipt = (itemId: string, as: Caller) => call(h, 'POST', f.url(`/items/${itemId}/receipt`), { as, body: {} });
    expect((await receipt(f.chair.id, f.ben)).statusCode).toBe(403);
    const byTrustee = await receipt(f.chair.id, f.trustee);
    expect(byTrustee.statusCode).toBe(403);
    expect(byTrustee.headers['x-refused-by']).toBe('policy');
    const first = await receipt(f.chair.id, f.anna);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().receipt).toMatchObject({ itemId: f.chair.id, memberId: f.anna.id, receivedAt: h.clock.now.toISOString() });
    const twice = await receipt(f.chair.id, f.anna);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('already confirmed');
    expect((await receipt(f.quilt.id, f.kim)).statusCode).toBe(201);
    // After a receipt the trustee can only record a return.
    expect((await put(f.chair.id, { status: 'shipped' })).statusCode).toBe(409);

    // The receipt shows on both sides.
    const annaView = await list(f.anna);
    expect(annaView.find((e) => e.itemId === f.chair.id)).toMatchObject({ status: 'received', receivedAt: h.clock.now.toISOString() });
    expect((await list(f.trustee)).find((e) => e.itemId === f.quilt.id)).toMatchObject({ status: 'received' });

    // Shipping Ben's desk tells him by mail; then every item has an outcome and 42 opens.
    expect((await put(f.desk.id, { status: 'shipped', method: 'shipping' })).statusCode).toBe(200);
    await expect.poll(async () => (await mails(f.ben.email)).length).toBe(2);
    expect((await mails(f.ben.email)).some((m) => m.subject.startsWith('Your items are on their way'))).toBe(true);
    expect((await call(h, 'GET', f.url('/stage/moves'), { as: f.trustee })).json().forward).toEqual({ to: 42, allowed: true });

    // Reminder: two days after the clock was handed over without a receipt, once, in Anna's language.
    h.clock.advance(RECEIPT_REMINDER_AFTER_MS + 60_000);
    await h.app.scheduler.runDue();
    await h.app.scheduler.runDue();
    // Two days on, the sessions' access tokens have expired: sign in again.
    for (const person of [f.trustee, f.ben]) person.token = (await signIn(h, person.email)).token;
    const reminders = (await mails(f.anna.email)).filter((m) => m.subject.startsWith('هل وصلتك مقتنياتك'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('A-0002 Mantel Clock');
    expect(reminders[0]!.text).not.toContain('A-0001');

    await f.move(42);
    // Receipts still come in 42; hand-over records do not.
    expect((await receipt(f.desk.id, f.ben)).statusCode).toBe(201);
    expect((await put(f.clock.id, { status: 'returned' })).statusCode).toBe(409);
    const final = await list(f.trustee);
    expect(Object.fromEntries(final.map((e) => [e.item.label, e.status]))).toEqual({ 'A-0001': 'received', 'A-0002': 'handed-over', 'A-0003': 'received', 'A-0004': 'received' });
    const [chairRow] = await h.database.db.select().from(itemsTable).where(eq(itemsTable.id, f.chair.id));
    expect(chairRow!.status).toBe('handed-over');
  });
});

describe('pick-up lists and receipt sheets', () => {
  it('prints the receiver’s list in their language: Arabic right to left with numbers kept whole; XLSX cells the same', async () => {
    const f = await publishedEstate();
    const pdf = await call(h, 'GET', f.url(`/pickup-lists/${f.anna.id}.pdf`), { as: f.trustee });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename=".*-pickup-list\.pdf"$/);
    const text = pdfLines(pdf.rawPayload).flat();
    expect(unicodeFonts().regular, 'a Unicode font (Debian: fonts-dejavu-core) prints Arabic').not.toBeNull();
    const all = text.join('\n');
    // The title and the item's name in visual order; the number and the Latin room name read left to right.
    expect(all).toContain(visualText('قائمة الاستلام', 'rtl'));
    expect(all).toContain(visualText('كرسي هزاز 2', 'rtl'));
    expect(all).toContain('A-0001');
    expect(all).toContain('Kitchen');
    expect(all).toContain(visualText('وصية مكتوبة', 'rtl'));
    expect(all).toContain(visualText('بانتظار التسليم', 'rtl'));
    // The mixed run: "2" stays to the left of the Arabic words, with one space between.
    expect(visualText('كرسي هزاز 2', 'rtl').startsWith('2 ')).toBe(true);
    expect(all).not.toContain('Oak Desk');
    // The thumbnail of the chair's photo is in the file.
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    const benPdf = await call(h, 'GET', f.url(`/pickup-lists/${f.ben.id}.pdf`), { as: f.ben });
    expect(benPdf.statusCode).toBe(200);
    const benText = pdfLines(benPdf.rawPayload).flat().join('\n');
    expect(benText).toContain('Pick-up list');
    expect(benText).toContain('Oak Desk');
    expect(benText).toContain('To be handed');

    const xlsx = await call(h, 'GET', f.url(`/pickup-lists/${f.anna.id}.xlsx`), { as: f.anna });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(sheet.getRow(1).values).toEqual([undefined, 'الصورة', 'الرقم', 'القطعة', 'المكان', 'الغرفة', 'السبب', 'الحالة']);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(2));
    expect(rows).toContainEqual(['A-0001', 'كرسي هزاز 2', 'بيت الجدة', 'Kitchen', 'وصية مكتوبة', 'بانتظار التسليم']);
    // Anna's own items; her grandchild's quilt is on Kim's list (which Anna may download too).
    expect(rows.map((r) => r[0])).toEqual(['A-0001', 'A-0002']);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getImages()).toHaveLength(1);
  });

  it('lets a beneficiary download only their own (and their grandchild’s) list', async () => {
    const f = await publishedEstate();
    expect((await call(h, 'GET', f.url(`/pickup-lists/${f.anna.id}.pdf`), { as: f.ben })).statusCode).toBe(403);
    expect((await call(h, 'GET', f.url(`/pickup-lists/${f.kim.id}.pdf`), { as: f.anna })).statusCode).toBe(200);
    expect((await call(h, 'GET', f.url(`/pickup-lists/${f.ben.id}.xlsx`), { as: f.observer })).statusCode).toBe(200);
    const stranger = await createUser(h);
    expect((await call(h, 'GET', f.url(`/pickup-lists/${stranger.id}.pdf`), { as: f.trustee })).statusCode).toBe(404);
    expect((await call(h, 'GET', f.url(`/pickup-lists/${f.anna.id}.pdf`), { as: f.kim })).statusCode).toBe(403);
    expect((await call(h, 'GET', f.url(`/pickup-lists/${f.anna.id}.pdf`), { as: stranger })).statusCode).toBe(404);
  });

  it('prints a receipt sheet: when each item was received and who confirmed it', async () => {
    const f = await publishedEstate();
    await f.move(41);
    const version = await versionOf(f.desk.id);
    await call(h, 'PUT', f.url(`/items/${f.desk.id}/handover`), { as: f.trustee, body: { status: 'handed-over' }, headers: { 'if-match': String(version) } });
    expect((await call(h, 'POST', f.url(`/items/${f.desk.id}/receipt`), { as: f.ben })).statusCode).toBe(201);
    const res = await call(h, 'GET', f.url(`/receipts/${f.ben.id}.pdf`), { as: f.ben });
    expect(res.statusCode).toBe(200);
    const text = pdfLines(res.rawPayload).flat().join('\n');
    expect(text).toContain('Receipt of items');
    expect(text).toContain('Received');
    expect(text).toContain('November 21, 2026');
    expect(text).toMatch(/Person\d+ Tester/);
  });
});

describe('unwanted and held items', () => {
  it('the trustee decides, the appraiser values, the seller or buyer records the sale; the item says what became of it', async () => {
    const f = await publishedEstate();
    const set = (itemId: string, body: unknown, as: Caller = f.trustee) => call(h, 'PUT', f.url(`/items/${itemId}/disposition`), { as, body });
    expect((await set(f.lamp.id, { disposition: 'sell' }, f.anna)).statusCode).toBe(403);
    expect((await set(f.chair.id, { disposition: 'donate' })).statusCode).toBe(409);
    expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/sale`), { as: f.seller, body: { price: 40 } })).statusCode).toBe(409);
    expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/disposition/appraisal`), { as: f.appraiser, body: { value: 60 } })).statusCode).toBe(409);
    const decided = await set(f.lamp.id, { disposition: 'sell', note: 'Through the antiques dealer on Main Street.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().disposition).toMatchObject({ itemId: f.lamp.id, itemStatus: 'hold', disposition: 'sell', note: 'Through the antiques dealer on Main Street.' });
    const appraised = await call(h, 'PUT', f.url(`/items/${f.lamp.id}/disposition/appraisal`), { as: f.appraiser, body: { value: 60, currency: 'EUR', note: 'Brass, 1920s, small dent.' } });
    expect(appraised.statusCode, appraised.body).toBe(200);
    expect(appraised.json().disposition.appraisal).toMatchObject({ value: '60.00', currency: 'EUR', note: 'Brass, 1920s, small dent.' });
    expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/sale`), { as: f.anna, body: { price: 55 } })).statusCode).toBe(403);
    const sold = await call(h, 'PUT', f.url(`/items/${f.lamp.id}/sale`), { as: f.buyer, body: { price: 55, buyer: 'Main Street Antiques' } });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json().disposition.sale).toMatchObject({ price: '55.00', currency: 'EUR', buyer: 'Main Street Antiques', soldAt: h.clock.now.toISOString() });
    expect((await call(h, 'PUT', f.url(`/items/${f.lamp.id}/sale`), { as: f.seller, body: { price: 58 } })).json().disposition.sale.price).toBe('58.00');
    expect((await set(f.lamp.id, { disposition: 'donate' })).statusCode).toBe(409);
    // Every member sees what became of it, on the list and on the item.
    const seen = (await call(h, 'GET', f.url('/dispositions'), { as: f.ben })).json().dispositions;
    expect(seen).toEqual([expect.objectContaining({ itemId: f.lamp.id, disposition: 'sell' })]);
    expect((await call(h, 'GET', f.url(`/items/${f.lamp.id}`), { as: f.ben })).json().item.unwantedOutcome).toBe('sell');
    // Not before results, and not once the estate is closed.
    await setStage(h, f.estateId, 31);
    expect((await set(f.lamp.id, { disposition: 'discard' })).statusCode).toBe(409);
  });
});
