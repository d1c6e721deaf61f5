/**
 * The estate as one ZIP (trustees and observers, stage 90 on): every record, report file, receipt,
 * the catalogue (CSV and XLSX) and every photo. It is written as it is sent: entries are queued as
 * names, and each one's bytes are streamed from storage only when the archive reaches it (no photo
 * is held whole; the activity log page by page), so a 5,000-item estate with its photos never sits in memory.
 */
import { PassThrough, Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { STAGE_NAMES, isStageCode } from '@estate/domain/stages';
import { ROLE_KEYS, isRoleCode } from '@estate/domain/roles';
import { activityEvents, photos, users } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { inEstate } from '../../platform/tenancy.js';
import { exportItems, safeFileName } from '../catalogue-io/service.js';
import { accountingOf, DISPOSITION_TEXT, HANDOVER_TEXT, loadEstateFacts, OUTCOME_TEXT, ownerOf, reasonText, totalLines, type EstateFacts } from './estate-facts.js';
import { reportRows } from './service.js';
import { QUESTION_COLUMNS, questionRows } from '../questions/archive-rows.js';

const ACTIVITY_PAGE = 1000;

/** A CSV line: every field quoted, quotes doubled, formula-like text neutralised as in the catalogue export. */
function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values
    .map((v) => {
      const text = v === null || v === undefined ? '' : String(v);
      const safe = /^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text;
      return `"${safe.replaceAll('"', '""')}"`;
    })
    .join(',')}\r\n`;
}
const csv = (header: string[], rows: (string | number | null | undefined)[][]) => Buffer.from(`\uFEFF${[header, ...rows].map(csvLine).join('')}`, 'utf8');
const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const iso = (d: Date | null) => (d ? d.toISOString() : '');

function readme(facts: EstateFacts, now: Date, counts: { photos: number; reports: number }): string {
  const stage = isStageCode(facts.estate.stage) ? STAGE_NAMES[facts.estate.stage] : String(facts.estate.stage);
  return [
    `${facts.estate.name}: the estate's archive`,
    '',
    `Made ${now.toISOString()} (stage "${stage}") by Estate Portal. Everything the portal holds about`,
    'this estate, as plain files any computer can open:',
    '',
    'README.txt                   this file',
    'estate.json                  the estate: name, stage, settings, when it was made',
    'catalogue/items.csv          the catalogue, one row per item, with who received it, why, and its hand-over',
    'catalogue/items.xlsx         the same as an Excel workbook',
    'records/members.csv          the members, their email addresses and roles',
    'records/assignments.csv      every item that went to someone or back to its owner: receiver, reason, appraised value, date',
    'records/handover.csv         each assigned item\'s hand-over: status, method, dates, note',
    'records/receipts.csv         every receipt: who confirmed which item arrived, and when',
    'records/dispositions.csv     what became of the items nobody received (donated, sold, discarded, family), sales',
    'records/totals.csv           the accounting\'s totals: items and appraised value received, returns, outcomes, sale proceeds',
    'records/activity.csv         the whole activity log, oldest first (who changed what, when)',
    'records/questions.csv        every question on a result, and the trustee\'s answer (kept or changed)',
    'records/draws/step-NN.json   each automated step\'s draw record; check one on the portal\'s verify page',
    '                             or with `npm run verify-draw -- step-NN.json`',
    `reports/                     the final accounting's report files (${counts.reports}), PDF, spreadsheet and JSON`,
    `photos/A-NNNN-name/N.jpg     every item's photos in full size (${counts.photos}), in the order shown on the item`,
    `stories/A-NNNN-name/N.txt    the stories told about each item (${facts.stories?.length ?? 0}): who told it, when, the words; N.webm (or .ogg, .m4a, .mp3, .wav) beside it is its recording`,
    '',
    'Item numbers (A-0001 …) are the ones on the printed labels and in every file here.',
    'The CSV files are UTF-8 with a byte-order mark, so spreadsheet programs show every letter.',
    '',
  ].join('\r\n');
}

/** Rows of the activity log, page by page, oldest first, as CSV. */
function activityCsv(ctx: AppContext, estateId: string, names: Map<string, string>): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(`\uFEFF${csvLine(['When', 'Who', 'Action', 'About', 'Id', 'Field', 'From', 'To', 'Visible to'])}`, 'utf8');
      let after: string | undefined;
      for (;;) {
        const page = await ctx.db
          .select()
          .from(activityEvents)
          .where(inEstate(activityEvents, estateId, after ? gt(activityEvents.id, after) : undefined))
          .orderBy(asc(activityEvents.id))
          .limit(ACTIVITY_PAGE);
        if (page.length === 0) return;
        const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
        yield Buffer.from(
          page
            .map((e) =>
              csvLine([iso(e.at), e.actorId ? (names.get(e.actorId) ?? 'A former member') : 'The portal', e.action, e.entity, e.entityId, e.field, text(e.from), text(e.to), e.visibility === 'trustees' ? 'trustees and observers' : 'every member']),
            )
            .join(''),
          'utf8',
        );
        after = page.at(-1)!.id;
        if (page.length < ACTIVITY_PAGE) return;
      }
    })(),
  );
}

/** Whether the person downloading is still there (an abandoned download reads no more files). */
type Download = { gone: boolean };

/** Bytes from storage, read only when the archive reaches the entry. */
function lazyStored(ctx: AppContext, key: string, what: string, download: Download) {
  return (callback: (err: Error | null, stream: NodeJS.ReadableStream) => void) => {
    const empty = Readable.from([]);
    if (download.gone) return callback(null, empty);
    // Streamed from the disk or the bucket as the ZIP reaches it: not even one photo is held whole.
    ctx.storage.getStream(key).then(
      (stream) => (stream ? callback(null, stream) : callback(new Error(`${what} is missing from storage (${key})`), empty)),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), empty),
    );
  };
}

const AUDIO_EXTENSION: Record<string, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };

/**
 * The stories behind the things (issue 34): `stories/A-NNNN-name/N.txt` (who told it, when, and
 * the words) and `N.<ext>` beside it for a recording, numbered in the order they were told.
 */
function addStories(zip: ZipFile, facts: EstateFacts, stored: (key: string, what: string) => ReturnType<typeof lazyStored>, mtime: Date) {
  const counts = new Map<string, number>();
  for (const s of facts.stories ?? []) {
    const n = (counts.get(s.itemId) ?? 0) + 1;
    counts.set(s.itemId, n);
    const folder = `stories/${s.label}-${safeFileName(s.item)}`;
    const header = `${s.label} ${s.item}\nTold by ${s.teller || 'a former member'} on ${s.toldAt.toISOString().slice(0, 16).replace('T', ' ')} UTC\n`;
    const extension = s.audioKey ? (AUDIO_EXTENSION[s.audioType ?? ''] ?? 'audio') : '';
    const recording = s.audioKey ? `Recording: ${n}.${extension}\n` : '';
    zip.addBuffer(Buffer.from(`${header}${recording}\n${s.text}\n`, 'utf8'), `${folder}/${n}.txt`, { mtime });
    // Recordings are compressed already: stored as they are.
    if (s.audioKey) zip.addReadStreamLazy(`${folder}/${n}.${extension}`, { mtime, compress: false }, stored(s.audioKey, `A story's recording of ${s.label}`));
  }
}

export type Archive = { fileName: string; stream: Readable };

/**
 * Starts the archive: reads what is small (the estate, members, items, hand-over, the list of photos
 * and report files) and queues every entry; the bytes flow when the caller reads `stream`.
 */
export async function estateArchive(ctx: AppContext, access: EstateAccess): Promise<Archive> {
  const estateId = access.estate.id;
  const now = ctx.now();
  const facts = await loadEstateFacts(ctx.db, estateId);
  const reports = await reportRows(ctx.db, estateId);
  const photoRows = await ctx.db
    .select({ itemId: photos.itemId, position: photos.position, key: photos.originalKey, id: photos.id })
    .from(photos)
    .where(inEstate(photos, estateId))
    .orderBy(asc(photos.itemId), asc(photos.position), asc(photos.id));
  // Names of everyone the log mentions, members or not.
  const names = new Map(facts.members.map((m) => [m.id, m.name]));
  const everyone = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).innerJoin(activityEvents, and(eq(activityEvents.actorId, users.id), eq(activityEvents.estateId, estateId))).groupBy(users.id);
  for (const u of everyone) if (!names.has(u.id)) names.set(u.id, `${u.firstName} ${u.lastName}`.trim());

  const zip = new ZipFile();
  const download: Download = { gone: false };
  const mtime = now;
  const add = (name: string, bytes: Buffer) => zip.addBuffer(bytes, name, { mtime });
  add('README.txt', Buffer.from(readme(facts, now, { photos: photoRows.length, reports: reports.length }), 'utf8'));
  add('estate.json', json({ id: access.estate.id, name: access.estate.name, stage: facts.estate.stage, settings: access.estate.settings, createdAt: iso(access.estate.createdAt), archivedAt: now.toISOString() }));
  // The catalogue as exported, made when the archive reaches it (so the download starts at once).
  for (const format of ['csv', 'xlsx'] as const) {
    zip.addReadStreamLazy(`catalogue/items.${format}`, { mtime }, (callback) => {
      exportItems(ctx, access, format).then(
        (file) => callback(null, Readable.from([file.bytes])),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), Readable.from([])),
      );
    });
  }
  const roleNames = (roles: number[]) => roles.map((r) => (isRoleCode(r) ? ROLE_KEYS[r] : String(r))).join('; ');
  add('records/members.csv', csv(['Name', 'Email', 'Roles'], facts.members.map((m) => [m.name, m.email, roleNames(m.roles)])));
  // Grouped by what happened (domain finalAccounting), as in the report files.
  const accounting = accountingOf(facts);
  add(
    'records/assignments.csv',
    csv(
      ['Number', 'Item', 'What happened', 'Receiver or owner', 'Reason', 'Appraised value', 'Currency', 'Assigned at'],
      [
        ...accounting.received.flatMap((g) => g.items.map((i) => [i.label, i.name, 'Received', g.receiver, reasonText(i.reason), i.value, i.currency, iso(i.assignedAt)])),
        ...accounting.returned.map((i) => [i.label, i.name, 'Returned to its owner', ownerOf(i), reasonText(i.reason), i.value, i.currency, iso(i.assignedAt)]),
      ],
    ),
  );
  add(
    'records/handover.csv',
    csv(
      ['Number', 'Item', 'Receiver', 'Location / Room', 'Status', 'Method', 'Scheduled', 'Handed over', 'Received', 'Confirmed by', 'Note'],
      facts.items.filter((i) => i.handover !== null).map((i) => [i.label, i.name, i.receiver, i.place, HANDOVER_TEXT[i.handover!], i.method, iso(i.scheduledAt), iso(i.handedOverAt), iso(i.receivedAt), i.receivedBy, i.handoverNote]),
    ),
  );
  add('records/receipts.csv', csv(['Number', 'Item', 'Receiver', 'Confirmed by', 'Received at', 'Note'], facts.receipts.map((r) => [r.label, r.item, r.receiver, r.confirmedBy, iso(r.receivedAt), r.note])));
  add(
    'records/dispositions.csv',
    csv(
      ['Number', 'Item', 'Status', 'What happened', 'Decision', 'Note', 'Sale price', 'Sale currency', 'Buyer'],
      accounting.setAside.flatMap((g) =>
        g.items.map((i) => [i.label, i.name, i.status, OUTCOME_TEXT[g.outcome], i.disposition ? (DISPOSITION_TEXT[i.disposition] ?? i.disposition) : '', i.dispositionNote, i.salePrice, i.salePrice === null ? '' : (i.saleCurrency ?? i.currency), i.buyer]),
      ),
    ),
  );
  add('records/totals.csv', csv(['What', 'Items', 'Amount', 'Currency', 'Amount is'], totalLines(accounting).map((l) => [l.what, l.items, l.amount, l.currency, l.kind])));
  add('records/questions.csv', csv(QUESTION_COLUMNS, await questionRows(ctx.db, estateId)));
  zip.addReadStreamLazy('records/activity.csv', { mtime }, (callback) => callback(null, activityCsv(ctx, estateId, names)));
  for (const d of facts.draws) add(`records/draws/step-${d.step}.json`, json(d.record));
  const usedNames = new Set<string>();
  for (const r of reports) {
    let name = `reports/${r.fileName}`;
    for (let n = 2; usedNames.has(name); n++) name = `reports/${r.fileName.replace(/(\.[a-z]+)$/, `-${n}$1`)}`;
    usedNames.add(name);
    // Report files are already compressed (PDF, XLSX) or small: stored as they are.
    zip.addReadStreamLazy(name, { mtime, compress: r.type === 'json' }, lazyStored(ctx, r.storageKey, r.name, download));
  }
  const itemsById = new Map(facts.items.map((i) => [i.id, i]));
  let previous = '';
  let n = 0;
  for (const p of photoRows) {
    const item = itemsById.get(p.itemId);
    if (!item) continue;
    n = p.itemId === previous ? n + 1 : 1;
    previous = p.itemId;
    const folder = `${item.label}-${safeFileName(item.name)}`;
    // JPEG does not shrink in a ZIP: stored, which keeps the archive fast to make and to open.
    zip.addReadStreamLazy(`photos/${folder}/${n}.jpg`, { mtime, compress: false }, lazyStored(ctx, p.key, `A photo of ${item.label}`, download));
  }
  addStories(zip, facts, (key, what) => lazyStored(ctx, key, what, download), mtime);
  zip.end();
  // What the answer sends. When the person goes away mid-download, the rest of the archive is
  // finished without reading any more files, and thrown away.
  const out = new PassThrough();
  const source = zip.outputStream as unknown as Readable;
  source.on('error', (err) => out.destroy(err));
  source.pipe(out);
  out.on('close', () => {
    if (out.writableFinished) return;
    download.gone = true;
    source.unpipe(out);
    source.resume();
  });
  const date = now.toISOString().slice(0, 10);
  return { fileName: `${safeFileName(access.estate.name)}-archive-${date}.zip`, stream: out };
}
