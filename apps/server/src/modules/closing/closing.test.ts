/**
 * Closing, through the API on a real estate taken to published results: stage 90's report files
 * (made on the move, each read up to its access level), the archive (unzipped and checked file by
 * file), the export's result columns, the administrator's view, and what stays readable in 99.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { activityEvents, handovers, items as itemsTable, receipts } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createAdmin, createEstate, createItem, createUser, setStage, type TestUser } from '../../test/factories.js';
import { uploadPhoto } from '../../test/route-world.js';

const h = useHarness();

/** Every entry of a ZIP, read with yauzl: name → bytes. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
          stream.on('error', reject);
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

type World = { trustee: TestUser; anna: TestUser; ben: TestUser; observer: TestUser; estateId: string; id: Record<string, string> };

/**
 * Two beneficiaries; a desk by directive to Anna, a lamp only Anna hearted, a clock both want
 * (tokens decide), a vase nobody wants. Then results (40), hand-over recorded (42).
 */
async function toResults(): Promise<World> {
  const trustee = await createUser(h, { firstName: 'Tess' });
  const estateId = await createEstate(h, trustee, 'Estate of Grandma Rose');
  const url = (path: string) => `/api/estates/${estateId}${path}`;
  const anna = await addMember(h, estateId, trustee, [Role.Beneficiary], {});
  const ben = await addMember(h, estateId, trustee, [Role.Beneficiary], {});
  const observer = await addMember(h, estateId, trustee, [Role.Observer]);
  const ok = async (method: 'PUT' | 'POST' | 'PATCH', path: string, as: Caller, body?: unknown) => {
    const res = await call(h, method, url(path), { as, body });
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const id: Record<string, string> = {};
  for (const [key, name, value] of [['desk', 'Walnut Desk', 400], ['lamp', 'Brass Lamp', 60], ['clock', 'Mantel Clock', 250], ['vase', 'Blue Vase', 15]] as const) {
    id[key] = (await createItem(h, estateId, trustee, { name, value, currency: 'USD' })).id;
  }
  await uploadPhoto(h, estateId, id.desk!, trustee);
  await uploadPhoto(h, estateId, id.desk!, trustee);
  await uploadPhoto(h, estateId, id.clock!, trustee);
  const move = (to: number) => ok('POST', '/stage', trustee, { to });
  for (const to of [1, 2]) await move(to);
  for (const person of [anna, ben]) await ok('POST', '/approvals/approve-all', person);
  await move(10);
  await ok('POST', '/directives', trustee, { itemId: id.desk, memberId: anna.id, clause: 'Clause 4: the desk to Anna.' });
  await move(11);
  for (const [who, list] of [[anna, ['lamp', 'clock']], [ben, ['clock']]] as const) for (const key of list) await ok('PUT', `/items/${id[key]}/interest`, who);
  for (const to of [12, 13, 14]) await move(to);
  const run = async (step: number) => {
    await ok('POST', `/steps/${step}/preview`, trustee);
    await ok('POST', `/steps/${step}/run`, trustee);
  };
  await run(14);
  await move(15);
  await run(15);
  await move(20);
  await move(21);
  await ok('PUT', '/steps/21/entropy', trustee, { publicEntropy: 'drand-round-1' });
  await run(21);
  await move(30);
  await ok('PUT', '/tokens', anna, { allocations: [{ itemId: id.clock, count: 1 }] });
  await ok('PUT', '/tokens', ben, { allocations: [{ itemId: id.clock, count: 1 }] });
  await move(31);
  await run(31);
  await move(40);
  // Hand-over (the hand-over module's own tests drive its routes): the desk handed over and received.
  const db = h.database.db;
  await db.insert(handovers).values({ estateId, itemId: id.desk!, memberId: anna.id, status: 'handed-over', method: 'pickup', handedOverAt: h.clock.now, updatedBy: trustee.id });
  await db.insert(receipts).values({ id: newId(), estateId, itemId: id.desk!, memberId: anna.id, confirmedBy: anna.id, receivedAt: h.clock.now, note: 'Arrived safely' });
  for (const key of ['lamp', 'clock']) {
    const [row] = await db.select({ to: itemsTable.assignedTo }).from(itemsTable).where(eq(itemsTable.id, id[key]!));
    await db.insert(handovers).values({ estateId, itemId: id[key]!, memberId: row!.to, status: 'shipped', method: 'shipping', handedOverAt: h.clock.now, updatedBy: trustee.id });
  }
  await setStage(h, estateId, Stage.DistributionCompleted);
  return { trustee, anna, ben, observer, estateId, id };
}

type ReportList = { reports: { id: string; name: string; kind: string; type: string; accessLevel: string; size: number; createdAt: string }[] };

describe('closing an estate', () => {
  it('makes the report files on reaching 90 and serves each up to its access level; the archive holds everything', async () => {
    const w = await toResults();
    const url = (path: string) => `/api/estates/${w.estateId}${path}`;

    // Before 90: no archive yet, and nothing has made the files.
    expect((await call(h, 'GET', url('/archive.zip'), { as: w.trustee })).statusCode).toBe(409);
    expect((await call(h, 'GET', url('/reports'), { as: w.trustee })).json<ReportList>().reports).toEqual([]);

    expect((await call(h, 'POST', url('/stage'), { as: w.trustee, body: { to: Stage.Finalizing } })).statusCode).toBe(200);
    // The move answers at once; its job makes the files, and the control panel sees it through.
    await h.app.stageProcess.idle();
    expect((await call(h, 'GET', url('/stage/jobs'), { as: w.trustee })).json().jobs).toEqual([
      expect.objectContaining({ effect: 'make-report-files', status: 'done', attempts: 1 }),
    ]);
    expect((await call(h, 'GET', url('/stage/jobs'), { as: w.ben })).statusCode).toBe(403);
    const all = (await call(h, 'GET', url('/reports'), { as: w.trustee })).json<ReportList>().reports;
    expect(all.map((r) => `${r.kind}:${r.type}:${r.accessLevel}`)).toEqual([
      'assignment-summary:pdf:trustees',
      'assignment-summary:spreadsheet:trustees',
      'assignments:pdf:beneficiaries',
      'assignments:spreadsheet:beneficiaries',
      'fairness:pdf:trustees',
      'settlement:pdf:trustees',
      'settlement:spreadsheet:trustees',
      'handover:pdf:trustees',
      'handover:spreadsheet:trustees',
      'dispositions:pdf:trustees',
      'draw-record:json:trustees',
      'draw-record:json:trustees',
      'draw-record:json:trustees',
      'draw-record:json:trustees',
    ]);
    for (const r of all) expect(r.size).toBeGreaterThan(0);
    expect((await call(h, 'GET', url('/reports'), { as: w.observer })).json<ReportList>().reports).toHaveLength(all.length);

    // A beneficiary lists and reads only the files at their level; a trustees' file is not found.
    const theirs = (await call(h, 'GET', url('/reports'), { as: w.ben })).json<ReportList>().reports;
    expect(theirs.map((r) => r.accessLevel)).toEqual(['beneficiaries', 'beneficiaries']);
    const summary = all.find((r) => r.kind === 'assignment-summary' && r.type === 'pdf')!;
    const hidden = await call(h, 'GET', url(`/reports/${summary.id}/file`), { as: w.ben });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('not_found');
    const own = await call(h, 'GET', url(`/reports/${theirs[0]!.id}/file`), { as: w.ben });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const asTrustee = await call(h, 'GET', url(`/reports/${summary.id}/file`), { as: w.trustee });
    expect(asTrustee.statusCode).toBe(200);
    expect(asTrustee.headers['content-disposition']).toContain('estate-of-grandma-rose-assignment-summary.pdf');

    // Only trustees and observers get the archive.
    expect((await call(h, 'GET', url('/archive.zip'), { as: w.ben })).statusCode).toBe(403);
    const res = await call(h, 'GET', url('/archive.zip'), { as: w.observer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);
    const names = [...files.keys()];
    for (const name of ['README.txt', 'estate.json', 'catalogue/items.csv', 'catalogue/items.xlsx', 'records/members.csv', 'records/assignments.csv', 'records/handover.csv', 'records/receipts.csv', 'records/dispositions.csv', 'records/activity.csv']) {
      expect(names, name).toContain(name);
    }
    expect(names.filter((n) => n.startsWith('records/draws/')).sort()).toEqual(['records/draws/step-14.json', 'records/draws/step-15.json', 'records/draws/step-21.json', 'records/draws/step-31.json']);
    expect(names.filter((n) => n.startsWith('reports/'))).toHaveLength(all.length);
    expect(names.filter((n) => n.startsWith('photos/')).sort()).toEqual(['photos/A-0001-walnut-desk/1.jpg', 'photos/A-0001-walnut-desk/2.jpg', 'photos/A-0003-mantel-clock/1.jpg']);
    const text = (name: string) => files.get(name)!.toString('utf8');
    expect(text('README.txt')).toContain('catalogue/items.csv');
    expect(text('README.txt')).toContain('every item\'s photos in full size (3)');
    expect(JSON.parse(text('estate.json'))).toMatchObject({ name: 'Estate of Grandma Rose', stage: Stage.Finalizing });
    // The catalogue says who received each item, why, and how its hand-over stands.
    const catalogue = text('catalogue/items.csv');
    expect(catalogue.split('\r\n')[0]).toContain('"Receiver","Reason","Hand-over"');
    const deskLine = catalogue.split('\r\n').find((l) => l.includes('Walnut Desk'))!;
    expect(deskLine).toContain('"Written directive","Received"');
    expect(text('records/receipts.csv')).toMatch(/"A-0001","Walnut Desk","Person\d+ Tester","Person\d+ Tester","[^"]+","Arrived safely"/);
    expect(text('records/handover.csv')).toContain('"Shipped"');
    expect(text('records/dispositions.csv')).toContain('Blue Vase');
    expect(text('records/assignments.csv')).toContain('"Mantel Clock"');
    expect(text('records/activity.csv')).toContain('"stage.advanced"');
    expect(text('records/members.csv')).toContain(w.anna.email);
    expect(JSON.parse(text('records/draws/step-31.json'))).toMatchObject({ format: 'estate-draw/1', step: 31 });
    for (const [name, bytes] of files) {
      if (name.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString(), name).toBe('%PDF-');
      if (name.endsWith('.jpg')) expect(bytes.subarray(0, 3).toString('hex'), name).toBe('ffd8ff');
      if (name.endsWith('.xlsx')) expect(bytes.subarray(0, 2).toString(), name).toBe('PK');
    }

    // Someone who goes away mid-download leaves the server as it was.
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${address}${url('/archive.zip')}`, { headers: { authorization: `Bearer ${w.trustee.token}` } }, (answer) => {
        answer.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(err)));
    });
    // Once the server has let go of that connection, the next download is whole.
    const connections = () => new Promise<number>((resolve, reject) => h.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
    await expect.poll(connections).toBe(0);
    expect((await call(h, 'GET', url('/archive.zip'), { as: w.trustee })).statusCode).toBe(200);

    // The trustee may make the files again in 90 (new ids), not in 99, where reads and the archive stay.
    const again = await call(h, 'POST', url('/reports/generate'), { as: w.trustee });
    expect(again.statusCode).toBe(200);
    expect(again.json<ReportList>().reports[0]!.id).not.toBe(all[0]!.id);
    expect((await call(h, 'POST', url('/reports/generate'), { as: w.observer })).statusCode).toBe(403);
    expect((await call(h, 'POST', url('/stage'), { as: w.trustee, body: { to: Stage.Completed } })).statusCode).toBe(200);
    const closed = await call(h, 'POST', url('/reports/generate'), { as: w.trustee });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('estate_closed');
    expect((await call(h, 'GET', url('/reports'), { as: w.ben })).json<ReportList>().reports).toHaveLength(2);
    expect((await call(h, 'GET', url('/archive.zip'), { as: w.trustee })).statusCode).toBe(200);
  }, 120_000);

  it('leaves the result columns out of an export before results are published', async () => {
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee);
    await createItem(h, estateId, trustee, { name: 'Oak Chair' });
    const before = await call(h, 'GET', `/api/estates/${estateId}/items/export?format=csv`, { as: trustee });
    expect(before.body.split('\r\n')[0]).not.toContain('Receiver');
    await setStage(h, estateId, Stage.AssignmentCompleted);
    const after = await call(h, 'GET', `/api/estates/${estateId}/items/export?format=xlsx`, { as: trustee });
    expect(after.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(after.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(-3)).toEqual(['Receiver', 'Reason', 'Hand-over']);
  });
});

describe('the installation administrator', () => {
  it('lists every estate with its size and opens one read-only for support, which its log records', async () => {
    const admin = await createAdmin(h);
    const trustee = await createUser(h);
    const estateId = await createEstate(h, trustee, 'Estate of Uncle Bo');
    const member = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const item = await createItem(h, estateId, trustee, { name: 'Fishing Rod' });
    await uploadPhoto(h, estateId, item.id, trustee);
    await createEstate(h, await createUser(h), 'Another family');

    expect((await call(h, 'GET', '/api/admin/estates', { as: trustee })).statusCode).toBe(403);
    const list = (await call(h, 'GET', '/api/admin/estates', { as: admin })).json<{ estates: { id: string; name: string; stage: number; members: number; items: number; photos: number; size: number; lastActivityAt: string | null }[] }>().estates;
    expect(list.map((e) => e.name)).toEqual(['Another family', 'Estate of Uncle Bo']);
    const bo = list.find((e) => e.id === estateId)!;
    expect(bo).toMatchObject({ stage: 0, members: 2, items: 1, photos: 1 });
    expect(bo.size).toBeGreaterThan(0);
    expect(bo.lastActivityAt).not.toBeNull();

    const opened = await call(h, 'POST', `/api/admin/estates/${estateId}/support`, { as: admin });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().members).toHaveLength(2);
    expect(opened.json().estate.name).toBe('Estate of Uncle Bo');
    expect((await call(h, 'POST', `/api/admin/estates/${estateId}/support`, { as: trustee })).statusCode).toBe(403);
    // Every member reads in the log that the administrator looked.
    const log = (await call(h, 'GET', `/api/estates/${estateId}/activity`, { as: member })).json().events as { action: string; actorName: string }[];
    expect(log[0]).toMatchObject({ action: 'estate.support-opened', actorName: 'Ada Admin' });
    const rows = await h.database.db.select().from(activityEvents).where(eq(activityEvents.action, 'estate.support-opened'));
    expect(rows).toHaveLength(1);
    expect((await call(h, 'POST', `/api/admin/estates/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/support`, { as: admin })).statusCode).toBe(404);
  });
});
