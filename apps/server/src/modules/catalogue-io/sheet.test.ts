import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { COLUMNS, writeXlsx, type ExportCell } from './sheet.js';

const row = (n: number): ExportCell[] =>
  COLUMNS.map((c) => (c === 'Value' ? n + 0.5 : c === 'Year' ? 1900 + n : c === 'Name' ? `Item ${n}` : ''));

async function read(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return book.worksheets[0]!;
}

describe('writeXlsx', () => {
  it('writes a sheet people can work with: bold frozen header, a filter, widths, values as money', async () => {
    const sheet = await read(await writeXlsx([row(1), row(2)], 'Estate of Rose'));
    expect(sheet.name).toBe('Estate of Rose');
    expect(sheet.getRow(1).values).toEqual([undefined, ...COLUMNS]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const value = COLUMNS.indexOf('Value') + 1;
    expect(sheet.getRow(3).getCell(value).value).toBe(2.5);
    expect(sheet.getRow(3).getCell(value).numFmt).toBe('0.00');
    expect(sheet.getColumn(COLUMNS.indexOf('Name') + 1).width).toBe(36);
    expect(sheet.getRow(2).getCell(COLUMNS.indexOf('Name') + 1).value).toBe('Item 1');
    expect(sheet.actualRowCount).toBe(3);
  });

  it('keeps a long sheet name within the 31 letters a spreadsheet allows, and names an unnamed one', async () => {
    expect((await read(await writeXlsx([row(1)], 'x'.repeat(40)))).name).toBe('x'.repeat(31));
    expect((await read(await writeXlsx([row(1)], ''))).name).toBe('Items');
  });

  it('writes thousands of rows', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => row(i));
    const sheet = await read(await writeXlsx(rows, 'Items'));
    expect(sheet.actualRowCount).toBe(5001);
    expect(sheet.getRow(5001).getCell(COLUMNS.indexOf('Name') + 1).value).toBe('Item 4999');
  });
});
