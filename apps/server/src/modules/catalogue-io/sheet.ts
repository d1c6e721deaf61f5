/**
 * The catalogue as a spreadsheet: the columns, reading an uploaded CSV or XLSX (type checked by its
 * bytes, never its name), and writing CSV (with formula injection guarded) and XLSX.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/errors.js';

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

export const MAX_IMPORT_ROWS = 5_000;

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
 * CSV cells that a spreadsheet would run as a formula (starting with = + - @, tab or return) get a
 * leading apostrophe on export, and lose it again on import. A cell that already starts with an
 * apostrophe before such a character gets a second one, so the two are exact inverses.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** Reads the first sheet of the file: header row, then data rows (blank rows skipped, row numbers kept). */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The file is empty.', { file: 'Choose a CSV or XLSX file with a header row and items.' });
  const type = await fileTypeFromBuffer(bytes);
  let table: { row: number; values: string[] }[];
  let format: Sheet['format'];
  if (type?.mime === XLSX_MIME) {
    format = 'xlsx';
    table = await readXlsx(bytes);
  } else if (type === undefined) {
    format = 'csv';
    table = readCsv(bytes);
  } else {
    throw unsupported();
  }
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
      // Only our CSV escapes formulas; an .xlsx cell is text already (Excel keeps the apostrophe apart).
      if (column) cells[column] = format === 'csv' ? unescapeCell(r.values[i] ?? '') : (r.values[i] ?? '');
    });
    rows.push({ row: r.row, cells });
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppError(
      'too_large',
      `The file has ${rows.length.toLocaleString('en')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en')} can be imported at once. Please split it into smaller files.`,
    );
  }
  if (rows.length === 0) throw new AppError('validation_failed', 'The file has a header row but no items.', { file: 'Add at least one row below the header.' });
  return { format, columns: [...seen], ignoredColumns, rows };
}

function readCsv(bytes: Buffer): { row: number; values: string[] }[] {
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
  try {
    const records: string[][] = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, bom: true });
    return records.map((values, i) => ({ row: i + 1, values }));
  } catch (err) {
    const detail = err instanceof Error ? err.message.replace(/^Invalid Record Length: /, '') : '';
    throw new AppError('validation_failed', `The CSV file could not be read: ${detail}`, { file: 'Check the quotes in the file, or save it again as "CSV UTF-8".' });
  }
}

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

async function readXlsx(bytes: Buffer): Promise<{ row: number; values: string[] }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('unsupported_type', 'That Excel file could not be read; it may be damaged. Please save it again as .xlsx or CSV.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) {
    throw new AppError('too_large', `The sheet has ${sheet.actualRowCount.toLocaleString('en')} rows; at most ${MAX_IMPORT_ROWS.toLocaleString('en')} items can be imported at once. Please split it into smaller files.`);
  }
  const table: { row: number; values: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      values[col - 1] = cellText(cell.value);
    });
    table.push({ row: rowNumber, values: Array.from(values, (v) => v ?? '') });
  });
  return table;
}

export type ExportCell = string | number | null;

export function writeCsv(rows: ExportCell[][]): Buffer {
  const safe = rows.map((r) => r.map((v) => (typeof v === 'string' ? escapeCell(v) : v === null ? '' : String(v))));
  // The byte-order mark makes Excel read the file as UTF-8; Windows line ends suit it too.
  return Buffer.from(stringify([[...COLUMNS], ...safe], { bom: true, record_delimiter: 'windows' }), 'utf8');
}

const WIDTHS: Partial<Record<Column, number>> = { Ref: 12, Number: 10, Name: 36, 'Location / Room': 28, Categories: 22, Tags: 18, Notes: 48, Value: 12 };

/** Text goes in as text cells (never formulas); only Year and Value, which we produce, are numbers. */
export async function writeXlsx(rows: ExportCell[][], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Estate Portal';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Items', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c, key: c, width: WIDTHS[c] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r.map((v) => (v === '' ? null : v)));
  sheet.getColumn(COLUMNS.indexOf('Value') + 1).numFmt = '0.00';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
