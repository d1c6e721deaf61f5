/**
 * A receiver's pick-up list (PDF and XLSX) and receipt sheet (PDF), in the receiver's language:
 * photo, item number, name, location, room, why it is theirs, and its hand-over status. Arabic is
 * laid out right to left (columns mirrored, text through the bidirectional algorithm).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { items, photos } from '../../db/schema.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { drawLine, unicodeFonts, wrapLines, type Direction } from '../../platform/pdf-text.js';
import { inEstate } from '../../platform/tenancy.js';
import { printable } from '../catalogue-io/labels.js';
import { safeFileName } from '../catalogue-io/service.js';
import { escapeCell } from '../catalogue-io/sheet.js';
import { loadHandover, memberNames, receiverFor, type HandoverEntry } from './service.js';
import { TEXTS, fill, formatDateTime, formatDay, languageOf, type Language } from './texts.js';

type Sheet = {
  language: Language;
  direction: Direction;
  estate: string;
  receiver: { id: string; name: string };
  entries: HandoverEntry[];
  thumbs: Map<string, Buffer>;
  made: Date;
};

const THUMB_PX = 96;

/** Small JPEG thumbnails (PDF and XLSX take JPEG or PNG; stored thumbnails are WebP). */
async function thumbnails(ctx: AppContext, estateId: string, itemIds: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (itemIds.length === 0) return out;
  const rows = await ctx.db
    .select({ itemId: photos.itemId, key: photos.thumbKey, featured: sql<boolean>`${photos.id} = ${items.featuredPhotoId}` })
    .from(photos)
    .innerJoin(items, eq(items.id, photos.itemId))
    .where(inEstate(photos, estateId, inArray(photos.itemId, itemIds)))
    .orderBy(asc(photos.position), asc(photos.id));
  const chosen = new Map<string, string>();
  for (const r of rows) if (!chosen.has(r.itemId) || r.featured) chosen.set(r.itemId, r.key);
  const { default: sharp } = await import('sharp'); // loaded on first use: a fast cold start (ADR 0020)
  for (const [itemId, key] of chosen) {
    const bytes = await ctx.storage.get(key);
    if (!bytes) continue;
    try {
      out.set(itemId, await sharp(bytes).resize(THUMB_PX, THUMB_PX, { fit: 'cover' }).jpeg({ quality: 70 }).toBuffer());
    } catch {
      // A photo that cannot be read leaves its cell empty; the list still prints.
    }
  }
  return out;
}

async function sheetFor(ctx: AppContext, access: EstateAccess, memberId: string): Promise<Sheet> {
  const receiver = await receiverFor(ctx, access, memberId);
  const entries = await loadHandover(ctx, access.estate.id, { memberIds: [receiver.id] });
  const language = languageOf(receiver.settings);
  return {
    language,
    direction: language === 'ar' ? 'rtl' : 'ltr',
    estate: access.estate.name,
    receiver,
    entries,
    thumbs: await thumbnails(ctx, access.estate.id, entries.map((e) => e.itemId)),
    made: ctx.now(),
  };
}

export function pickupFileName(estate: string, receiver: string, kind: 'pickup-list' | 'receipts', ext: 'pdf' | 'xlsx'): string {
  return `${safeFileName(estate)}-${safeFileName(receiver) || 'receiver'}-${kind}.${ext}`;
}

type Column = { key: string; title: string; width: number };

function reasonText(language: Language, reason: string | null): string {
  if (!reason) return '';
  return TEXTS[language].reasons[reason] ?? reason;
}

/** Renders a table of the receiver's items, one row per item, a header repeated on each page. */
async function renderTable(
  sheet: Sheet,
  options: { title: string; intro: string; columns: Column[]; cell: (entry: HandoverEntry, key: string) => string },
): Promise<Buffer> {
  const fonts = unicodeFonts();
  const { default: PDFDocument } = await import('pdfkit'); // loaded on first use (ADR 0018)
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: printable(options.title), Creator: 'Estate Portal' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (fonts.regular) doc.registerFont('regular', fonts.regular);
  if (fonts.bold) doc.registerFont('bold', fonts.bold);
  const regular = fonts.regular ? 'regular' : 'Helvetica';
  const bold = fonts.bold ? 'bold' : 'Helvetica-Bold';
  const show = fonts.regular ? (t: string) => t : printable;
  const dir = sheet.direction;
  const left = 36;
  const width = doc.page.width - 72;
  const bottom = doc.page.height - 48;
  // Columns run right to left in Arabic: the first column is at the right edge.
  const total = options.columns.reduce((a, c) => a + c.width, 0);
  const scale = width / total;
  const placed: { col: Column; x: number; w: number }[] = [];
  let cursor = 0;
  for (const col of options.columns) {
    const w = col.width * scale;
    placed.push({ col, x: dir === 'rtl' ? left + width - cursor - w : left + cursor, w });
    cursor += w;
  }
  const line = (text: string, x: number, y: number, w: number, align?: 'left' | 'right' | 'center') =>
    drawLine(doc, show(text), x, y, w, { direction: dir, ...(align ? { align } : {}) });

  let y = 36;
  doc.font(bold).fontSize(18).fillColor('#000000');
  line(options.title, left, y, width);
  y += 26;
  doc.font(regular).fontSize(11).fillColor('#333333');
  for (const l of wrapLines(doc, show(options.intro), width, 3)) {
    line(l, left, y, width);
    y += 15;
  }
  doc.fontSize(9).fillColor('#555555');
  line(`${fill(TEXTS[sheet.language].generated, { date: formatDay(sheet.language, sheet.made) })} · ${TEXTS[sheet.language].count(sheet.entries.length)}`, left, y, width);
  y += 20;

  const header = () => {
    doc.font(bold).fontSize(9).fillColor('#000000');
    for (const p of placed) line(p.col.title, p.x + 3, y, p.w - 6);
    y += 14;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.6).strokeColor('#888888').stroke();
    y += 4;
  };
  header();
  if (sheet.entries.length === 0) {
    doc.font(regular).fontSize(11).fillColor('#333333');
    line(TEXTS[sheet.language].none, left, y + 6, width);
  }
  const rowHeight = 52;
  for (const entry of sheet.entries) {
    if (y + rowHeight > bottom) {
      doc.addPage();
      y = 36;
      header();
    }
    for (const p of placed) {
      if (p.col.key === 'photo') {
        const thumb = sheet.thumbs.get(entry.itemId);
        const size = Math.min(44, p.w - 6);
        if (thumb) doc.image(thumb, dir === 'rtl' ? p.x + p.w - 3 - size : p.x + 3, y + 2, { width: size, height: size });
        continue;
      }
      const text = options.cell(entry, p.col.key);
      doc.font(p.col.key === 'number' ? bold : regular).fontSize(p.col.key === 'number' ? 10 : 9).fillColor('#000000');
      const lines = wrapLines(doc, show(text), p.w - 6, 3);
      lines.forEach((l, k) => line(l, p.x + 3, y + 4 + k * 12, p.w - 6));
    }
    y += rowHeight;
    doc.moveTo(left, y - 3).lineTo(left + width, y - 3).lineWidth(0.3).strokeColor('#cccccc').stroke();
  }
  doc.end();
  return done;
}

function pickupColumns(language: Language): Column[] {
  const c = TEXTS[language].columns;
  return [
    { key: 'photo', title: c.photo, width: 50 },
    { key: 'number', title: c.number, width: 52 },
    { key: 'name', title: c.name, width: 130 },
    { key: 'location', title: c.location, width: 72 },
    { key: 'room', title: c.room, width: 68 },
    { key: 'reason', title: c.reason, width: 80 },
    { key: 'status', title: c.status, width: 70 },
  ];
}

function pickupCell(sheet: Sheet) {
  const t = TEXTS[sheet.language];
  return (entry: HandoverEntry, key: string): string => {
    switch (key) {
      case 'number':
        return entry.item.label;
      case 'name':
        return entry.item.name;
      case 'location':
        return entry.item.locationName ?? '';
      case 'room':
        return entry.item.roomName ?? '';
      case 'reason':
        return reasonText(sheet.language, entry.item.reason);
      case 'status':
        return t.statuses[entry.status];
      default:
        return '';
    }
  };
}

/** `GET …/pickup-lists/:mid.pdf` */
export async function pickupListPdf(ctx: AppContext, access: EstateAccess, memberId: string) {
  const sheet = await sheetFor(ctx, access, memberId);
  const t = TEXTS[sheet.language];
  const bytes = await renderTable(sheet, {
    title: `${t.pickupTitle}: ${sheet.receiver.name}`,
    intro: fill(t.pickupIntro, { estate: sheet.estate, name: sheet.receiver.name }),
    columns: pickupColumns(sheet.language),
    cell: pickupCell(sheet),
  });
  return { bytes, fileName: pickupFileName(sheet.estate, sheet.receiver.name, 'pickup-list', 'pdf') };
}

/** `GET …/receipts/:mid.pdf`: what the receiver confirmed, when, and who tapped "received". */
export async function receiptSheetPdf(ctx: AppContext, access: EstateAccess, memberId: string) {
  const sheet = await sheetFor(ctx, access, memberId);
  const t = TEXTS[sheet.language];
  const names = await memberNames(ctx.db, [...new Set(sheet.entries.flatMap((e) => (e.receipt ? [e.receipt.confirmedBy] : [])))]);
  const c = t.columns;
  const bytes = await renderTable(sheet, {
    title: `${t.receiptTitle}: ${sheet.receiver.name}`,
    intro: fill(t.receiptIntro, { estate: sheet.estate, name: sheet.receiver.name }),
    columns: [
      { key: 'photo', title: c.photo, width: 50 },
      { key: 'number', title: c.number, width: 52 },
      { key: 'name', title: c.name, width: 140 },
      { key: 'status', title: c.status, width: 70 },
      { key: 'received', title: c.received, width: 110 },
      { key: 'confirmedBy', title: c.confirmedBy, width: 100 },
    ],
    cell: (entry, key) => {
      if (key === 'received') return entry.receipt ? formatDateTime(sheet.language, new Date(entry.receipt.receivedAt)) : t.notYet;
      if (key === 'confirmedBy') return entry.receipt ? (names.get(entry.receipt.confirmedBy) ?? '') : '';
      return pickupCell(sheet)(entry, key);
    },
  });
  return { bytes, fileName: pickupFileName(sheet.estate, sheet.receiver.name, 'receipts', 'pdf') };
}

/** `GET …/pickup-lists/:mid.xlsx`: the same list as a spreadsheet, right to left in Arabic. */
export async function pickupListXlsx(ctx: AppContext, access: EstateAccess, memberId: string) {
  const sheet = await sheetFor(ctx, access, memberId);
  const t = TEXTS[sheet.language];
  const { default: Excel } = await import('exceljs'); // loaded on first use: a fast cold start (ADR 0018)
  const workbook = new Excel.Workbook();
  workbook.creator = 'Estate Portal';
  workbook.created = sheet.made;
  const ws = workbook.addWorksheet(t.sheet, { views: [{ rightToLeft: sheet.direction === 'rtl', state: 'frozen', ySplit: 1 }] });
  const c = t.columns;
  ws.columns = [
    { header: c.photo, key: 'photo', width: 12 },
    { header: c.number, key: 'number', width: 10 },
    { header: c.name, key: 'name', width: 36 },
    { header: c.location, key: 'location', width: 20 },
    { header: c.room, key: 'room', width: 18 },
    { header: c.reason, key: 'reason', width: 24 },
    { header: c.status, key: 'status', width: 18 },
  ];
  ws.getRow(1).font = { bold: true };
  const cell = pickupCell(sheet);
  sheet.entries.forEach((entry, i) => {
    const row = ws.addRow({
      photo: '',
      // Text stays text: a name starting with "=" never becomes a formula when someone edits the cell.
      number: cell(entry, 'number'),
      name: escapeCell(cell(entry, 'name')),
      location: escapeCell(cell(entry, 'location')),
      room: escapeCell(cell(entry, 'room')),
      reason: cell(entry, 'reason'),
      status: cell(entry, 'status'),
    });
    row.height = 60;
    row.alignment = { vertical: 'middle', wrapText: true };
    const thumb = sheet.thumbs.get(entry.itemId);
    if (thumb) {
      const image = workbook.addImage({ buffer: thumb as unknown as ExcelJS.Buffer, extension: 'jpeg' });
      ws.addImage(image, { tl: { col: 0.1, row: i + 1.1 }, ext: { width: 72, height: 72 } });
    }
  });
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return { bytes, fileName: pickupFileName(sheet.estate, sheet.receiver.name, 'pickup-list', 'xlsx') };
}
