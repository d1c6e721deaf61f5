/**
 * The final accounting on real rows: an estate whose items ended every way an item can (received by
 * each person, a Return item back to its owner, donated, sold with a price, to be sold, discarded,
 * kept for the family, not decided), taken to 90 through the API. Each report file, the
 * beneficiaries' file and the archive's CSVs must group the items by what happened, count sale
 * prices as proceeds and never as value received.
 */
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { items as itemsTable } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { pdfLines } from '../../test/pdf-extract.js';

const h = useHarness();

function unzip(zip: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, string>();
      file.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.startsWith('records/')) return file.readEntry();
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.readEntry();
    });
  });
}

async function sheets(bytes: Buffer): Promise<Map<string, unknown[][]>> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return new Map(book.worksheets.map((s) => [s.name, s.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1))]));
}

describe('the final accounting', () => {
  it('groups every item by what happened in each report file and the archive, with sale proceeds apart', async () => {
    const trustee = await createUser(h, { firstName: 'Tess' });
    const estateId = await createEstate(h, trustee, 'Estate of Grandma Rose');
    const url = (path: string) => `/api/estates/${estateId}${path}`;
    const anna = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const ben = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const ok = async (method: 'PUT' | 'POST', path: string, as: Caller, body?: unknown) => {
      const res = await call(h, method, url(path), { as, body });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const id: Record<string, string> = {};
    const made: [string, string, number, string?][] = [
      ['desk', 'Walnut Desk', 400],
      ['clock', 'Mantel Clock', 250],
      ['table', 'Folding Table', 80, 'return'],
      ['vase', 'Blue Vase', 15],
      ['piano', 'Upright Piano', 3000],
      ['bike', 'Old Bicycle', 70],
      ['rug', 'Worn Rug', 5],
      ['letters', 'Letters Box', 0],
      ['boxes', 'Attic Boxes', 10],
    ];
    for (const [key, name, value, distribution] of made) {
      id[key] = (await createItem(h, estateId, trustee, { name, value, currency: 'USD', ...(distribution ? { distribution } : {}) })).id;
    }
    await setStage(h, estateId, Stage.Directives);
    await ok('POST', '/directives', trustee, { itemId: id.desk, memberId: anna.id, clause: 'The desk to Anna.' });
    await ok('POST', '/returns', trustee, { itemId: id.table, note: 'Borrowed from the church hall.' });
    // What the steps would have written (their own tests run them): the clock by tokens, the rest nobody wanted.
    const db = h.database.db;
    await db.update(itemsTable).set({ status: 'assigned', assignedTo: ben.id, assignmentReason: 'tokens', assignmentStep: 31, assignedAt: h.clock.now }).where(eq(itemsTable.id, id.clock!));
    for (const key of ['vase', 'piano', 'bike', 'rug', 'boxes']) {
      await db.update(itemsTable).set({ status: 'unwanted', assignmentReason: 'unwanted', assignmentStep: 14, assignedAt: h.clock.now }).where(eq(itemsTable.id, id[key]!));
    }
    await db.update(itemsTable).set({ status: 'hold' }).where(eq(itemsTable.id, id.letters!));
    await setStage(h, estateId, Stage.DistributionCompleted);
    for (const [key, disposition] of [['vase', 'donate'], ['piano', 'sell'], ['bike', 'sell'], ['rug', 'discard'], ['letters', 'family']] as const) {
      await ok('PUT', `/items/${id[key]}/disposition`, trustee, { disposition, note: key === 'vase' ? 'To the church fair' : '' });
    }
    await ok('PUT', `/items/${id.piano}/sale`, trustee, { price: 1200.5, buyer: 'Mr Keys' });
    await ok('POST', '/stage', trustee, { to: Stage.Finalizing });
    await h.app.stageProcess.idle(); // the report files are made once the move has committed

    const reports = (await call(h, 'GET', url('/reports'), { as: trustee })).json<{ reports: { id: string; kind: string; type: string }[] }>().reports;
    const file = async (kind: string, type: string, as: Caller = trustee) => {
      const r = reports.find((x) => x.kind === kind && x.type === type)!;
      const res = await call(h, 'GET', url(`/reports/${r.id}/file`), { as });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const text = (pdf: Buffer) => pdfLines(pdf).flat().join('\n');

    // The trustees' summary: received by each person, the return, then each outcome; sale proceeds totalled.
    const summary = text(await file('assignment-summary', 'pdf'));
    const order = ['Received, by person', 'Walnut Desk', 'Mantel Clock', 'Returned to its owner — 1 item', 'Folding Table', 'Nobody received — 6 items', 'Donated — 1 item', 'Blue Vase', 'Sold — 1 item, sale proceeds 1,200.50 USD', 'Upright Piano', 'To be sold, not sold yet — 1 item', 'Old Bicycle', 'Discarded — 1 item', 'Worn Rug', 'Kept for a family decision — 1 item', 'Letters Box', 'Not yet decided — 1 item', 'Attic Boxes'];
    const at = order.map((s) => summary.indexOf(s));
    expect(at.every((i) => i >= 0), `${order.filter((_, k) => at[k]! < 0).join(', ')} missing in\n${summary}`).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(summary).not.toContain('Back to its owner');
    // The piano's appraisal (3,000) is no one's value received: only the desk and the clock count.
    expect(summary).toMatch(/Appraised value received\s*650\.00 USD/);
    expect(summary).toMatch(/Sale proceeds\s*1,200\.50 USD \(1 item sold\)/);
    expect(summary).not.toContain('3,000');

    const book = await sheets(await file('assignment-summary', 'spreadsheet'));
    expect([...book.keys()]).toEqual(['Received', 'Returned to its owner', 'Nobody received', 'Totals']);
    expect(book.get('Received')!.map((r) => r[2])).toEqual(['Walnut Desk', 'Mantel Clock']);
    expect(book.get('Returned to its owner')!).toEqual([['A-0003', 'Folding Table', 'Its owner (not a member)', 'Borrowed from the church hall.']]);
    expect(book.get('Nobody received')!.map((r) => [r[0], r[2], r[4] ?? null])).toEqual([
      ['Donated', 'Blue Vase', null],
      ['Sold', 'Upright Piano', 1200.5],
      ['To be sold, not sold yet', 'Old Bicycle', null],
      ['Discarded', 'Worn Rug', null],
      ['Kept for a family decision', 'Letters Box', null],
      ['Not yet decided', 'Attic Boxes', null],
    ]);
    const totals = book.get('Totals')!;
    expect(totals.find((r) => r[0] === 'Received, everyone')).toEqual(['Received, everyone', 2, 650, 'USD', 'Appraised value']);
    expect(totals.find((r) => r[0] === 'Sale proceeds')).toEqual(['Sale proceeds', 1, 1200.5, 'USD', 'Sale price']);
    expect(totals.find((r) => r[0] === 'Returned to its owner')?.[1]).toBe(1);

    // The beneficiaries' file: the same groups, no money.
    const theirs = text(await file('assignments', 'pdf', anna));
    for (const s of ['Returned to its owner — 1 item', 'Donated — 1 item', 'Sold — 1 item', 'Not yet decided — 1 item']) expect(theirs).toContain(s);
    expect(theirs).not.toContain('Back to its owner');
    expect(theirs).not.toMatch(/USD|1,200/);
    const theirBook = await sheets(await file('assignments', 'spreadsheet', anna));
    expect(theirBook.get('Who received what')!.map((r) => r[0])).toEqual(['Received', 'Received', 'Returned to its owner', 'Donated', 'Sold', 'To be sold, not sold yet', 'Discarded', 'Kept for a family decision', 'Not yet decided']);

    // The dispositions file by outcome, with the proceeds.
    const dispositions = text(await file('dispositions', 'pdf'));
    expect(dispositions).toMatch(/Sale proceeds\s*1,200\.50 USD/);
    expect(dispositions.indexOf('Donated — 1 item')).toBeLessThan(dispositions.indexOf('Sold — 1 item'));

    // The archive's records agree.
    const archive = await unzip((await call(h, 'GET', url('/archive.zip'), { as: trustee })).rawPayload);
    const assignments = archive.get('records/assignments.csv')!;
    expect(assignments).toContain('"A-0003","Folding Table","Returned to its owner","Its owner (not a member)"');
    expect(assignments).not.toMatch(/Blue Vase|Upright Piano|Back to its owner/);
    const sold = archive.get('records/dispositions.csv')!.split('\r\n').find((l) => l.includes('Upright Piano'))!;
    expect(sold).toBe('"A-0005","Upright Piano","unwanted","Sold","Sell","","1200.5","USD","Mr Keys"');
    expect(archive.get('records/totals.csv')).toContain('"Sale proceeds","1","1200.5","USD","Sale price"');
    expect(archive.get('records/totals.csv')).toContain('"Received, everyone","2","650","USD","Appraised value"');
  }, 60_000);
});
