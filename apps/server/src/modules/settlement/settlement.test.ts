/**
 * The settlement statement through the API (distribution.md "Settlement"): amounts from real items,
 * a grandchild's item counted for the parent, a sale recorded through the disposition routes, what
 * each reader sees, the trustee's weights and their refusals, and the activity entry.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { MAX_SETTLEMENT_WEIGHT } from '@estate/domain/schemas/settlement';
import { activityEvents, items as itemsTable } from '../../db/schema.js';
import { call, useHarness } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { pdfLines } from '../../test/pdf-extract.js';
import { unicodeFonts, visualText } from '../../platform/pdf-text.js';

const h = useHarness();

type Answer = {
  scope: 'full' | 'own';
  currency: string;
  weights: 'equal' | 'set';
  people: { memberId: string; displayName: string; weight: number; items: number; inKind: number; target: number; balance: number }[];
  pool: number;
  totals: { receivers: number; weight: number; inKind: number };
  proceeds: number;
  notValued: { itemId: string; name: string; receiverId: string | null }[];
  otherCurrencies: { currency: string; items: { itemId: string; value: number | null }[] }[];
  awaitingSale: { itemId: string }[];
  payments: { from: string; to: string; amount: number }[];
  names: Record<string, string>;
};

/**
 * The worked example in euros: Anna received 9.00 in kind, Ben 3.00 (1.00 of it through his
 * grandchild Kim), Cara nothing valued in euros (a painting with no value, a watch in dollars); a
 * vase nobody wanted sold for 3.00. A quilt that went back to its owner and a held lamp count for
 * nobody.
 */
async function settledEstate() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee);
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  // The trustee keeps the estate's values in euros (the control panel's currency).
  expect((await call(h, 'PATCH', url(''), { as: trustee, body: { settings: { currency: 'EUR' } } })).statusCode).toBe(200);
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const cara = await addMember(h, estateId, trustee, [Role.Beneficiary]);
  const kim = await addMember(h, estateId, trustee, [Role.Offspring], { receivesThrough: ben.id });
  const make = (name: string, extra: Record<string, unknown>) => createItem(h, estateId, trustee, { name, currency: 'EUR', ...extra });
  const piano = await make('Piano', { value: 9 });
  const clock = await make('Mantel Clock', { value: 1 });
  const desk = await make('Oak Desk', { value: 2 });
  const painting = await make('Harbour Painting', {});
  const watch = await make('Pocket Watch', { value: 50, currency: 'USD' });
  const quilt = await make('Wedding Quilt', { value: 70, distribution: 'return' });
  const vase = await make('Blue Vase', { value: 1 });
  const lamp = await make('Brass Lamp', { value: 8 });
  // The automated steps have their own tests: the results are written as they would leave them.
  const assign = (id: string, memberId: string, reason: string) =>
    h.database.db.update(itemsTable).set({ status: 'assigned', assignedTo: memberId, assignmentReason: reason }).where(eq(itemsTable.id, id));
  await assign(piano.id, anna.id, 'directive');
  await assign(clock.id, kim.id, 'trustee');
  await assign(desk.id, ben.id, 'tokens');
  await assign(painting.id, cara.id, 'high-interest');
  await assign(watch.id, cara.id, 'only-interested');
  await assign(quilt.id, anna.id, 'return');
  await h.database.db.update(itemsTable).set({ status: 'unwanted' }).where(eq(itemsTable.id, vase.id));
  await h.database.db.update(itemsTable).set({ status: 'hold' }).where(eq(itemsTable.id, lamp.id));
  await setStage(h, estateId, 40);
  expect((await call(h, 'PUT', url(`/items/${vase.id}/disposition`), { as: trustee, body: { disposition: 'sell' } })).statusCode).toBe(200);
  const sale = await call(h, 'PUT', url(`/items/${vase.id}/sale`), { as: trustee, body: { price: 3, buyer: 'A neighbour' } });
  expect(sale.statusCode, sale.body).toBe(200);
  expect((await call(h, 'PUT', url(`/items/${lamp.id}/disposition`), { as: trustee, body: { disposition: 'donate' } })).statusCode).toBe(200);
  const get = async (as: typeof trustee) => {
    const res = await call(h, 'GET', url('/settlement'), { as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Answer>();
  };
  const put = (as: typeof trustee, weights: unknown) => call(h, 'PUT', url('/settlement/weights'), { as, body: { weights } });
  return { trustee, estateId, url, observer, anna, ben, cara, kim, painting, watch, get, put };
}

describe('the settlement statement', () => {
  it('counts real items and the sale as the spec says, and shows trustees and observers every row', async () => {
    const f = await settledEstate();
    const all = await f.get(f.trustee);
    expect(all.scope).toBe('full');
    expect(all.currency).toBe('EUR');
    expect(all.weights).toBe('equal');
    const row = (id: string) => all.people.find((p) => p.memberId === id)!;
    expect(all.people).toHaveLength(3);
    expect([row(f.anna.id), row(f.ben.id), row(f.cara.id)].map((p) => [p.items, p.inKind, p.target, p.balance])).toEqual([
      [1, 900, 500, -400],
      [2, 300, 500, 200],
      [2, 0, 500, 500],
    ]);
    expect(row(f.anna.id).displayName).toMatch(/Tester$/);
    expect(all.proceeds).toBe(300);
    expect(all.pool).toBe(1500);
    expect(all.totals).toEqual({ receivers: 3, weight: 3, inKind: 1200 });
    expect(all.payments).toEqual([
      { from: 'estate', to: f.cara.id, amount: 300 },
      { from: f.anna.id, to: f.cara.id, amount: 200 },
      { from: f.anna.id, to: f.ben.id, amount: 200 },
    ]);
    expect(all.notValued.map((i) => [i.itemId, i.receiverId])).toEqual([[f.painting.id, f.cara.id]]);
    expect(all.otherCurrencies).toEqual([{ currency: 'USD', items: [expect.objectContaining({ itemId: f.watch.id, value: 5000 })] }]);
    expect((await f.get(f.observer)).people).toHaveLength(3);
  });

  it('gives a beneficiary the totals, their own row and their own payments, and nothing about choices', async () => {
    const f = await settledEstate();
    const own = await f.get(f.ben);
    expect(own.scope).toBe('own');
    expect(own.people.map((p) => [p.memberId, p.inKind, p.target, p.balance])).toEqual([[f.ben.id, 300, 500, 200]]);
    expect(own.totals).toEqual({ receivers: 3, weight: 3, inKind: 1200 });
    expect(own.payments).toEqual([{ from: f.anna.id, to: f.ben.id, amount: 200 }]);
    // The payer is named (values, not preferences); nobody else's row is.
    expect(Object.keys(own.names).sort()).toEqual([f.anna.id, f.ben.id, f.cara.id].sort()); // Cara: the painting and watch she received are listed
    expect(JSON.stringify(own)).not.toMatch(/heart|rank|token|interest/i);
    const annas = await f.get(f.anna);
    expect(annas.payments.map((p) => p.to)).toEqual([f.cara.id, f.ben.id]);
    // Offspring receive through their parent: no statement of their own.
    expect((await call(h, 'GET', f.url('/settlement'), { as: f.kim })).statusCode).toBe(403);
  });

  it('opens at stage 40', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    await setStage(h, estateId, 31);
    const res = await call(h, 'GET', `/api/estates/${estateId}/settlement`, { as: trustee });
    expect(res.statusCode).toBe(409);
  });

  it('takes the trustee’s weights (every receiver once, whole numbers ≥ 1), logs before and after, and refuses what is not', async () => {
    const f = await settledEstate();
    const fieldsOf = async (weights: unknown) => {
      const res = await f.put(f.trustee, weights);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ error: { fields: Record<string, string> } }>().error.fields;
    };
    const w = (anna: unknown, ben: unknown = 1, cara: unknown = 1) => [
      { memberId: f.anna.id, weight: anna },
      { memberId: f.ben.id, weight: ben },
      { memberId: f.cara.id, weight: cara },
    ];
    expect(await fieldsOf(w(2).slice(0, 2))).toHaveProperty('weights');
    expect(await fieldsOf([...w(2), { memberId: f.ben.id, weight: 3 }])).toHaveProperty(['weights.3.memberId']);
    expect(await fieldsOf([...w(2), { memberId: f.kim.id, weight: 1 }])).toHaveProperty(['weights.3.memberId']);
    expect(await fieldsOf(w(0))).toHaveProperty(['weights.0.weight']);
    expect(await fieldsOf(w(1, 1.5))).toHaveProperty(['weights.1.weight']);
    expect(await fieldsOf(w(1, 1, '2'))).toHaveProperty(['weights.2.weight']);
    expect((await f.put(f.observer, w(2))).statusCode).toBe(403);
    expect((await f.put(f.anna, w(2))).statusCode).toBe(403);

    const res = await f.put(f.trustee, w(2));
    expect(res.statusCode, res.body).toBe(200);
    const set = res.json<Answer>();
    expect(set.weights).toBe('set');
    expect(set.people.map((p) => [p.memberId, p.weight, p.target])).toEqual(
      expect.arrayContaining([
        [f.anna.id, 2, 750],
        [f.ben.id, 1, 375],
        [f.cara.id, 1, 375],
      ]),
    );
    const entries = await h.database.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.estateId, f.estateId), eq(activityEvents.action, 'settlement.weights-changed')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.from).toEqual({ [f.anna.id]: 1, [f.ben.id]: 1, [f.cara.id]: 1 });
    expect(entries[0]!.to).toEqual({ [f.anna.id]: 2, [f.ben.id]: 1, [f.cara.id]: 1 });
    expect(entries[0]!.visibility).toBe('trustees');
    // The same weights again change nothing and log nothing.
    expect((await f.put(f.trustee, w(2))).statusCode).toBe(200);
    expect(await h.database.db.select().from(activityEvents).where(and(eq(activityEvents.estateId, f.estateId), eq(activityEvents.action, 'settlement.weights-changed')))).toHaveLength(1);
    // A beneficiary's own row carries their weight, the totals the sum.
    const own = await f.get(f.anna);
    expect(own.people[0]!.weight).toBe(2);
    expect(own.totals.weight).toBe(4);
    // Closed: read-only.
    await setStage(h, f.estateId, 99);
    expect((await f.put(f.trustee, w(1))).statusCode).toBe(409);
    expect((await f.get(f.trustee)).weights).toBe('set');
  });

  it('is a stage-90 report file, PDF and spreadsheet, for trustees and observers only', async () => {
    const f = await settledEstate();
    // A name in Arabic is laid out right to left, its words in their order (ADR 0013).
    await h.database.db.update(itemsTable).set({ name: 'لوحة الميناء' }).where(eq(itemsTable.id, f.painting.id));
    await setStage(h, f.estateId, 90);
    const made = await call(h, 'POST', f.url('/reports/generate'), { as: f.trustee });
    expect(made.statusCode, made.body).toBe(200);
    type Listed = { id: string; kind: string; type: string; accessLevel: string };
    const files = made.json<{ reports: Listed[] }>().reports.filter((r) => r.kind === 'settlement');
    expect(files.map((r) => `${r.type}:${r.accessLevel}`)).toEqual(['pdf:trustees', 'spreadsheet:trustees']);
    const theirs = (await call(h, 'GET', f.url('/reports'), { as: f.anna })).json<{ reports: Listed[] }>().reports;
    expect(theirs.some((r) => r.kind === 'settlement')).toBe(false);
    const bytes = async (r: Listed) => (await call(h, 'GET', f.url(`/reports/${r.id}/file`), { as: f.observer })).rawPayload;

    const pdf = await bytes(files[0]!);
    if (process.env.SETTLEMENT_PDF_OUT) (await import('node:fs')).writeFileSync(process.env.SETTLEMENT_PDF_OUT, pdf);
    // Cells come back joined, without the space between them.
    const lines = pdfLines(pdf).flat();
    const names = (await f.get(f.trustee)).names;
    expect(lines).toContain('Settlement statement');
    expect(lines.some((l) => l.includes('nobody has to pay'))).toBe(true);
    expect(lines).toContainEqual(expect.stringContaining(`${names[f.anna.id]}119.00 EUR5.00 EURpays 4.00 EUR`));
    expect(lines).toContainEqual(expect.stringContaining(`The estate (proceeds of sales)${names[f.cara.id]}3.00 EUR`));
    expect(unicodeFonts().regular, 'a Unicode font (Debian: fonts-dejavu-core) prints Arabic').not.toBeNull();
    expect(lines).toContainEqual(expect.stringContaining(`A-0004${visualText('لوحة الميناء', 'rtl')}`));
    expect(lines).toContainEqual(expect.stringContaining('Pocket Watch'));

    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bytes(files[1]!)) as unknown as ArrayBuffer);
    const rows = (sheet: string) => book.getWorksheet(sheet)!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows('Payments')).toEqual([
      ['The estate (proceeds of sales)', names[f.cara.id], 3, 'EUR'],
      [names[f.anna.id], names[f.cara.id], 2, 'EUR'],
      [names[f.anna.id], names[f.ben.id], 2, 'EUR'],
    ]);
    expect(rows('Receivers')).toContainEqual([names[f.ben.id], 1, 2, 3, 5, 2, 'EUR']);
    expect(rows('Listed apart').map((r) => r[1])).toEqual(['لوحة الميناء', 'Pocket Watch']);
  });

  it('refuses a weight above the largest, and weights before the results', async () => {
    const f = await settledEstate();
    const w = (anna: number) => [
      { memberId: f.anna.id, weight: anna },
      { memberId: f.ben.id, weight: 1 },
      { memberId: f.cara.id, weight: 1 },
    ];
    const big = await f.put(f.trustee, w(MAX_SETTLEMENT_WEIGHT + 1));
    expect(big.statusCode, big.body).toBe(400);
    expect(big.json().error.fields).toHaveProperty(['weights.0.weight']);
    expect((await f.put(f.trustee, w(MAX_SETTLEMENT_WEIGHT))).statusCode).toBe(200);
    await setStage(h, f.estateId, 31);
    const early = await f.put(f.trustee, w(2));
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('wrong_stage');
  });
});
