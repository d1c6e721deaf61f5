/**
 * The catalogue as a spreadsheet: the columns, reading an uploaded CSV or XLSX (type checked by its
 * bytes, never its name) within fixed limits and off the request loop, and writing CSV and XLSX
 * with formula injection guarded.
 */
import { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { fileTypeFromBuffer } from 'file-type';
import { IMPORT_LIMITS } from '@estate/domain/uploads';
import { AppError } from '../../platform/errors.js';
import { TaskOutOfMemory, TaskQueueFull, TaskTimeout, WorkerPool, workerScript } from '../../platform/worker-pool.js';
import { centralDirectory, checkDeclaredSizes, unpackAndCount } from './zip-guard.js';

/** The columns, in export order. "Status" is written for reading and ignored on import. */
export const COLUMNS = [
  'Ref',
  'Number',
  'Name',
  'Location / Room',
  'Categories',
  'Tags',
  'Notes',
  'Giver',
  'Owners',
  'Brand/Author',
  'Model/Binding',
  'Year',
  'Value',
  'Currency',
  'Distribution',
  'Status',
] as const;
export type Column = (typeof COLUMNS)[number];

/**
 * Once results are published (stage 40), exports say who received each item, why, and how its
 * hand-over stands, for a caller who may see assignments. Import ignores these columns.
 */
export const RESULT_COLUMNS = ['Receiver', 'Reason', 'Hand-over'] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];
export type ExportColumn = Column | ResultColumn;

export const MAX_IMPORT_ROWS = IMPORT_LIMITS.rows;

export type ImportLimits = {
  bytes: number;
  unpackedBytes: number;
  zipEntries: number;
  rows: number;
  columns: number;
  cells: number;
  cellCharacters: number;
  seconds: number;
  /** Heap of the worker that reads the file (a 500,000-cell sheet needs about 250 MB). */
  heapMb: number;
};

/** The limits in force: the shared ones (tests narrow some of them for a while). */
export const importLimits: ImportLimits = { ...IMPORT_LIMITS, heapMb: 512 };

const normalizeHeader = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Header spellings people use, normalised (lower case, letters and digits only). */
const ALIASES: Record<string, Column> = {};
for (const [column, names] of [
  ['Ref', ['ref', 'reference', 'importref', 'importreference']],
  ['Number', ['number', 'no', 'itemnumber', 'label', 'itemno']],
  ['Name', ['name', 'itemname', 'item']],
  ['Location / Room', ['locationroom', 'location', 'place']],
  ['Categories', ['categories', 'category']],
  ['Tags', ['tags', 'tag']],
  ['Notes', ['notes', 'note', 'description']],
  ['Giver', ['giver', 'givername']],
  ['Owners', ['owners', 'owner', 'ownership']],
  ['Brand/Author', ['brandauthor', 'brand', 'author']],
  ['Model/Binding', ['modelbinding', 'model', 'binding']],
  ['Year', ['year']],
  ['Value', ['value', 'appraisedvalue']],
  ['Currency', ['currency']],
  ['Distribution', ['distribution']],
  ['Status', ['status']],
] as const) {
  for (const name of names) ALIASES[name] = column;
}

export type SheetRow = { row: number; cells: Partial<Record<Column, string>> };
export type Sheet = { format: 'csv' | 'xlsx'; columns: Column[]; ignoredColumns: string[]; rows: SheetRow[] };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: XLSX_MIME } as const;

const unsupported = () =>
  new AppError('unsupported_type', 'That file is not a spreadsheet we can read. Please upload a CSV file (saved as "CSV UTF-8") or an Excel .xlsx file.');

/**
 * Text that a spreadsheet would run as a formula starts with = + - @, tab or carriage return. In
 * exports such a cell gets a leading apostrophe, and so does every line inside a cell that starts
 * that way (after a line feed or carriage return), so that no reader that splits lines naively
 * sees a formula either. Import takes exactly those apostrophes away again: a line that already
 * starts with apostrophes before such a character gets one more, so the two are exact inverses.
 */
const RISKY_START = /^'*[=+\-@\t\r]/;
const RISKY_AFTER_BREAK = /([\r\n])(?='*[=+\-@\t\r])/g;
const ESCAPED_START = /^'(?='*[=+\-@\t\r])/;
const ESCAPED_AFTER_BREAK = /([\r\n])'(?='*[=+\-@\t\r])/g;
export function escapeCell(text: string): string {
  const lines = text.replace(RISKY_AFTER_BREAK, "$1'");
  return RISKY_START.test(text) ? `'${lines}` : lines;
}
export function unescapeCell(text: string): string {
  const lines = text.replace(ESCAPED_AFTER_BREAK, '$1');
  return ESCAPED_START.test(text) ? lines.slice(1) : lines;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en')} MB`;
const count = (n: number) => n.toLocaleString('en');

/** Reads the file in a worker thread; one at a time per spare core, each within the time limit. */
export const sheetWorkers = new WorkerPool();
const SHEET_WORKER = workerScript(import.meta.url, 'sheet-worker');

/**
 * Reads the first sheet of the file: header row, then data rows (blank rows skipped, row numbers
 * kept). The cheap checks (size, an XLSX archive's claimed unpacked size) run here; the reading
 * itself runs in a worker thread, ended when it passes the time limit or its memory.
 */
export async function readSheet(bytes: Buffer, limits: ImportLimits = importLimits): Promise<Sheet> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty.', { file: 'Choose a CSV or XLSX file with a header row and items.' });
  if (bytes.length > limits.bytes) throw fileTooLarge(limits);
  const zip = centralDirectory(bytes);
  if (zip) checkDeclaredSizes(zip, { unpackedBytes: limits.unpackedBytes, entries: limits.zipEntries, cells: limits.cells });
  // A copy in a buffer of its own moves to the worker (Node's small Buffers share one pool).
  const copy = new Uint8Array(bytes);
  try {
    return await sheetWorkers.run<Sheet>(SHEET_WORKER, { bytes: copy, limits }, { timeoutMs: limits.seconds * 1000, maxHeapMb: limits.heapMb }, [copy.buffer]);
  } catch (err) {
    if (err instanceof TaskTimeout) {
      throw new AppError(
        'too_large',
        `Reading the file took longer than ${count(limits.seconds)} seconds, so it was stopped and nothing was imported. Please split it into smaller files, or save it as CSV.`,
        { file: `A file must be read within ${count(limits.seconds)} seconds.` },
      );
    }
    if (err instanceof TaskOutOfMemory) {
      throw new AppError(
        'too_large',
        `The file needs more than ${count(limits.heapMb)} MB of memory to read, so it was stopped and nothing was imported. Please split it into smaller files.`,
        { file: `A file may use at most ${count(limits.heapMb)} MB of memory to read.` },
      );
    }
    if (err instanceof TaskQueueFull) throw new AppError('unavailable', 'Several files are being read right now. Please try again in a minute.');
    throw err;
  }
}

export const fileTooLarge = (limits: ImportLimits = importLimits) =>
  new AppError('too_large', `The file is larger than ${megabytes(limits.bytes)}, the most we import at once. Please split it into smaller files.`, {
    file: `At most ${megabytes(limits.bytes)}.`,
  });

/** The work of readSheet, in the worker (sheet-worker.ts). */
export async function parseSheet(bytes: Buffer, limits: ImportLimits): Promise<Sheet> {
  const type = await fileTypeFromBuffer(bytes);
  let table: { row: number; values: string[] }[];
  let format: Sheet['format'];
  if (type?.mime === XLSX_MIME) {
    format = 'xlsx';
    table = await readXlsx(bytes, limits);
  } else if (type === undefined) {
    format = 'csv';
    table = readCsv(bytes, limits);
  } else {
    throw unsupported();
  }
  checkTable(table, limits);
  const header = table.find((r) => r.values.some((v) => v.trim() !== ''));
  if (!header) throw new AppError('validation_failed', 'The file has no rows.', { file: 'The first row must name the columns, e.g. Name, Location / Room, Categories.' });
  const columns: (Column | undefined)[] = [];
  const ignoredColumns: string[] = [];
  const seen = new Set<Column>();
  for (const title of header.values) {
    const column = ALIASES[normalizeHeader(title)];
    if (column && seen.has(column)) {
      throw new AppError('validation_failed', `The column "${column}" appears twice.`, { [column]: 'Keep one column with this name.' });
    }
    if (column) seen.add(column);
    else if (title.trim()) ignoredColumns.push(title.trim());
    columns.push(column);
  }
  if (!seen.has('Name') && !seen.has('Ref') && !seen.has('Number')) {
    throw new AppError('validation_failed', 'The first row must name the columns: a Name column for new items, or Ref or Number to change existing ones.', {
      Name: `Add a header row with the columns: ${COLUMNS.join(', ')}.`,
    });
  }
  const rows: SheetRow[] = [];
  for (const r of table) {
    if (r.row <= header.row || r.values.every((v) => v.trim() === '')) continue;
    const cells: SheetRow['cells'] = {};
    columns.forEach((column, i) => {
      // Our exports put an apostrophe before formula-like lines (CSV and XLSX alike): take it away.
      if (column) cells[column] = unescapeCell(r.values[i] ?? '');
    });
    rows.push({ row: r.row, cells });
  }
  if (rows.length > limits.rows) throw tooManyRows(count(rows.length), limits);
  if (rows.length === 0) throw new AppError('validation_failed', 'The file has a header row but no items.', { file: 'Add at least one row below the header.' });
  return { format, columns: [...seen], ignoredColumns, rows };
}

const tooManyRows = (rows: string, limits: ImportLimits) =>
  new AppError(
    'too_large',
    `The file has ${rows} rows; at most ${count(limits.rows)} can be imported at once. Please split it into smaller files.`,
    { file: `At most ${count(limits.rows)} rows.` },
  );

/** Columns up to the last one with something in it, and each cell's length, within the limits. */
function checkTable(table: { row: number; values: string[] }[], limits: ImportLimits): void {
  for (const r of table) {
    let used = r.values.length;
    while (used > 0 && r.values[used - 1]!.trim() === '') used--;
    if (used > limits.columns) {
      throw new AppError(
        'too_large',
        `Row ${r.row} has ${count(used)} columns; we read at most ${count(limits.columns)}. Please remove the columns you do not need.`,
        { file: `At most ${count(limits.columns)} columns.` },
      );
    }
    for (const [i, value] of r.values.entries()) {
      if (value.length > limits.cellCharacters) {
        throw new AppError(
          'too_large',
          `Row ${r.row}, column ${i + 1} has ${count(value.length)} characters; a cell can hold at most ${count(limits.cellCharacters)}. Please shorten it.`,
          { file: `At most ${count(limits.cellCharacters)} characters in a cell.` },
        );
      }
    }
  }
}

function readCsv(bytes: Buffer, limits: ImportLimits): { row: number; values: string[] }[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError('unsupported_type', 'The file is not UTF-8 text. In your spreadsheet program, save it as "CSV UTF-8" or as an Excel .xlsx file.');
  }
  if (text.includes('\u0000')) throw unsupported();
  // Excel in many countries writes ";" between cells: take whichever separator the header uses most.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].map((d) => ({ d, n: firstLine.split(d).length })).sort((a, b) => b.n - a.n)[0]!.d;
  // Blank lines stay (as one shared empty row) so that row numbers match the spreadsheet's; the
  // reading stops at the first row past the limit.
  let filled = 0;
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      on_record: (record: string[]) => {
        if (record.every((v) => v.trim() === '')) return BLANK;
        filled += 1;
        if (filled > limits.rows + 1) throw tooManyRows(`more than ${count(limits.rows)}`, limits);
        return record;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const detail = err instanceof Error ? err.message.replace(/^Invalid Record Length: /, '') : '';
    throw new AppError('validation_failed', `The CSV file could not be read: ${detail}`, { file: 'Check the quotes in the file, or save it again as "CSV UTF-8".' });
  }
  return records.map((values, i) => ({ row: i + 1, values }));
}
const BLANK: string[] = [];

/** A cell's text as the reader sees it; formulas count by their last calculated result, never evaluated. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // 19.990000000000002 → "19.99": spreadsheets store decimals as binary floats.
  if (typeof value === 'number') return String(Number(value.toFixed(10)));
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}

async function readXlsx(bytes: Buffer, limits: ImportLimits): Promise<{ row: number; values: string[] }[]> {
  // The archive's parts are unpacked and counted under their claimed sizes before exceljs sees them.
  const zip = centralDirectory(bytes);
  if (!zip) throw new AppError('unsupported_type', 'That Excel file could not be read; it may be damaged. Please save it again as .xlsx or CSV.');
  const zipLimits = { unpackedBytes: limits.unpackedBytes, entries: limits.zipEntries, cells: limits.cells };
  checkDeclaredSizes(zip, zipLimits);
  unpackAndCount(bytes, zip, zipLimits);
  const { default: Excel } = await import('exceljs'); // loaded on first use: a fast cold start (ADR 0018)
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('unsupported_type', 'That Excel file could not be read; it may be damaged. Please save it again as .xlsx or CSV.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > limits.rows + 1) {
    throw new AppError(
      'too_large',
      `The sheet has ${count(sheet.actualRowCount - 1)} rows below its header; at most ${count(limits.rows)} can be imported at once. Please split it into smaller files.`,
      { file: `At most ${count(limits.rows)} rows.` },
    );
  }
  const table: { row: number; values: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      values[col - 1] = cellText(cell.value);
    });
    table.push({ row: rowNumber, values: Array.from(values, (v) => v ?? '') });
  });
  return table;
}

export type ExportCell = string | number | null;

/**
 * RFC 4180: every field in double quotes (so a line break inside a cell never starts a row),
 * CRLF between rows, and formula-like lines neutralised (escapeCell).
 */
export function writeCsv(rows: ExportCell[][], columns: readonly ExportColumn[] = COLUMNS): Buffer {
  const text = (v: ExportCell) => (typeof v === 'string' ? escapeCell(v) : v === null ? '' : String(v));
  // The byte-order mark makes Excel read the file as UTF-8; Windows line ends suit it too.
  const csv = stringify([[...columns], ...rows].map((r) => r.map(text)), { bom: true, record_delimiter: 'windows', quoted: true, quoted_empty: true });
  return Buffer.from(csv, 'utf8');
}

/**
 * XML reads a carriage return as a line feed, so a spreadsheet keeps it as "_x000D_" (and a text
 * that looks like such an escape gets its underscore escaped, "_x005F_"); readers decode both.
 */
const xlsxText = (text: string) => text.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1').replaceAll('\r', '_x000D_');

const WIDTHS: Partial<Record<ExportColumn, number>> = { Receiver: 24, Reason: 22, 'Hand-over': 14, Ref: 12, Number: 10, Name: 36, 'Location / Room': 28, Categories: 22, Tags: 18, Notes: 48, Value: 12 };

/**
 * Text goes in as text cells (never formulas), formula-like lines neutralised as in CSV (Excel turns
 * a text cell that starts with "=" into a formula once someone edits it); only Year and Value,
 * which we produce, are numbers.
 */
export async function writeXlsx(rows: ExportCell[][], sheetName: string, columns: readonly ExportColumn[] = COLUMNS): Promise<Buffer> {
  const { default: Excel } = await import('exceljs'); // loaded on first use: a fast cold start (ADR 0018)
  // Written row by row: a workbook built whole in memory held about 30 kB per row (5,000 items took
  // 150 MB while the estate's archive was sent); only the finished file is kept.
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  workbook.creator = 'Estate Portal';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Items', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: WIDTHS[c] ?? 14 }));
  // Set before the rows: a written row cannot change, and each new cell takes its column's format.
  sheet.getColumn(columns.indexOf('Value') + 1).numFmt = '0.00';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const r of rows) sheet.addRow(r.map((v) => (v === '' ? null : typeof v === 'string' ? xlsxText(escapeCell(v)) : v))).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
