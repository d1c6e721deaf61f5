/**
 * The stories behind the things at the end of an estate (issue 34): the archive keeps each one as
 * `stories/A-NNNN-name/N.txt` (who told it, when, the words) with its recording `N.webm` beside it,
 * and "Who received what" gives each receiver the stories of the items they received (the PDF under
 * their table, the spreadsheet's Stories sheet), and nobody the stories of an item nobody received.
 */
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { Stage } from '@estate/domain/stages';
import { items as itemsTable, users } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage, type TestUser } from '../../test/factories.js';
import { pdfLines } from '../../test/pdf-extract.js';

const h = useHarness();

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
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
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

/** The first bytes of a WebM recording (EBML header), then some "sound". */
const webm = (fill: number) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]), Buffer.alloc(1_500, fill)]);

/** Tells a story; answers when it was told as the archive writes it ("2026-11-21 12:00"). */
async function tell(estateId: string, itemId: string, as: Caller, form: { text?: string; audio?: Buffer }): Promise<string> {
  const boundary = '----estate-story';
  const parts: Buffer[] = [];
  if (form.text !== undefined) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${form.text}\r\n`));
  if (form.audio) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="durationSeconds"\r\n\r\n20\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="story.webm"\r\nContent-Type: audio/webm\r\n\r\n`), form.audio, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/estates/${estateId}/items/${itemId}/stories`,
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${as.token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ story: { createdAt: string } }>().story.createdAt.slice(0, 16).replace('T', ' ');
}

async function nameOf(user: TestUser): Promise<string> {
  const [row] = await h.database.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, user.id));
  return `${row!.first} ${row!.last}`;
}

describe('stories at the close of an estate', () => {
  it('keeps every story in the archive and gives each receiver the stories of their items', async () => {
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
    const desk = (await createItem(h, estateId, trustee, { name: 'Walnut Desk' })).id;
    const clock = (await createItem(h, estateId, trustee, { name: 'Mantel Clock' })).id;
    const vase = (await createItem(h, estateId, trustee, { name: 'Blue Vase' })).id;

    const deskVoice = webm(7);
    const clockVoice = webm(9);
    // Told one after the other: the archive numbers them in that order.
    const told = [
      await tell(estateId, desk, ben, { text: 'Grandpa wrote every letter to the family at this desk.' }),
      await tell(estateId, desk, trustee, { audio: deskVoice }),
      await tell(estateId, clock, anna, { text: 'It chimed for every birthday.', audio: clockVoice }),
    ];
    const day = (n: number) => told[n]!.slice(0, 10);
    await tell(estateId, vase, trustee, { text: 'Bought at the harbour market in 1968.' });

    // The desk to Anna by directive, the clock to Ben (what the token step would have written), the vase to nobody.
    await setStage(h, estateId, Stage.Directives);
    await ok('POST', '/directives', trustee, { itemId: desk, memberId: anna.id, clause: 'The desk to Anna.' });
    const db = h.database.db;
    await db.update(itemsTable).set({ status: 'assigned', assignedTo: ben.id, assignmentReason: 'tokens', assignmentStep: 31, assignedAt: h.clock.now }).where(eq(itemsTable.id, clock));
    await db.update(itemsTable).set({ status: 'unwanted', assignmentReason: 'unwanted', assignmentStep: 14, assignedAt: h.clock.now }).where(eq(itemsTable.id, vase));
    await setStage(h, estateId, Stage.DistributionCompleted);
    await ok('POST', '/stage', trustee, { to: Stage.Finalizing });
    await h.app.stageProcess.idle();

    const [tess, annaName, benName] = [await nameOf(trustee), await nameOf(anna), await nameOf(ben)];

    // The archive: one folder per item told about, each story numbered in the order it was told.
    const zip = await call(h, 'GET', url('/archive.zip'), { as: trustee });
    expect(zip.statusCode, zip.body).toBe(200);
    const files = await unzip(zip.rawPayload);
    expect([...files.keys()].filter((n) => n.startsWith('stories/')).sort()).toEqual([
      'stories/A-0001-walnut-desk/1.txt',
      'stories/A-0001-walnut-desk/2.txt',
      'stories/A-0001-walnut-desk/2.webm',
      'stories/A-0002-mantel-clock/1.txt',
      'stories/A-0002-mantel-clock/1.webm',
      'stories/A-0003-blue-vase/1.txt',
    ]);
    const text = (name: string) => files.get(name)!.toString('utf8');
    expect(text('stories/A-0001-walnut-desk/1.txt')).toBe(`A-0001 Walnut Desk\nTold by ${benName} on ${told[0]} UTC\n\nGrandpa wrote every letter to the family at this desk.\n`);
    expect(text('stories/A-0001-walnut-desk/2.txt')).toBe(`A-0001 Walnut Desk\nTold by ${tess} on ${told[1]} UTC\nRecording: 2.webm\n\n\n`);
    expect(text('stories/A-0002-mantel-clock/1.txt')).toContain(`Told by ${annaName} on ${told[2]} UTC\nRecording: 1.webm\n\nIt chimed for every birthday.`);
    // The recordings are the very bytes that were told.
    expect(files.get('stories/A-0001-walnut-desk/2.webm')!.equals(deskVoice)).toBe(true);
    expect(files.get('stories/A-0002-mantel-clock/1.webm')!.equals(clockVoice)).toBe(true);
    expect(text('README.txt')).toContain('the stories told about each item (4)');

    // Who received what: each receiver's stories, as a beneficiary reads the file.
    const reports = (await call(h, 'GET', url('/reports'), { as: anna })).json<{ reports: { id: string; kind: string; type: string }[] }>().reports;
    const file = async (type: string) => {
      const r = reports.find((x) => x.kind === 'assignments' && x.type === type)!;
      const res = await call(h, 'GET', url(`/reports/${r.id}/file`), { as: anna });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const book = await sheets(await file('spreadsheet'));
    expect(book.get('Stories')).toEqual([
      [annaName, 'A-0001', 'Walnut Desk', benName, day(0), 'Grandpa wrote every letter to the family at this desk.'],
      [annaName, 'A-0001', 'Walnut Desk', tess, day(1), undefined, 'In the archive'],
      [benName, 'A-0002', 'Mantel Clock', annaName, day(2), 'It chimed for every birthday.', 'In the archive'],
    ]);
    const pdf = pdfLines(await file('pdf')).flat().join('\n');
    const order = [`${annaName} — 1 item`, 'Walnut Desk', 'Grandpa wrote every letter', 'A recording (in the estate archive)', `${benName} — 1 item`, 'Mantel Clock', 'It chimed for every birthday.'];
    const at = order.map((s) => pdf.indexOf(s));
    expect(at.every((i) => i >= 0), `${order.filter((_, k) => at[k]! < 0).join(', ')} missing in\n${pdf}`).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The vase went to nobody: its story is in the archive only.
    expect(pdf).not.toContain('harbour market');
  }, 120_000);
});
