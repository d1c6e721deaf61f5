import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { Role } from '@estate/domain/roles';
import { activityEvents, interests, items, locations, rooms } from '../../db/schema.js';
import { call, useHarness, type Caller } from '../../test/harness.js';
import { addMember, createEstate, createItem, createUser, setStage } from '../../test/factories.js';
import { printable } from './labels.js';
import { itemUrl, safeFileName } from './service.js';
import { escapeCell, importLimits, sheetWorkers, unescapeCell, type ImportLimits } from './sheet.js';
import { centralDirectory } from './zip-guard.js';

// jsqr is CommonJS whose typings declare an ES default export; the function is both.
const jsQR = jsQRModule.default;

const h = useHarness();

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----estate-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(estateId: string, as: Caller, file: Buffer, options: { preview?: boolean; filename?: string; type?: string } = {}) {
  const { payload, headers } = multipart(file, options.filename ?? 'items.csv', options.type ?? 'text/csv');
  const url = `/api/estates/${estateId}/items/import${options.preview ? '/preview' : ''}`;
  return h.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${as.token}` } });
}

const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');

async function exportFile(estateId: string, as: Caller, format: 'csv' | 'xlsx') {
  const res = await call(h, 'GET', `/api/estates/${estateId}/items/export?format=${format}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function estateWithTrustee() {
  const trustee = await createUser(h);
  const estateId = await createEstate(h, trustee, 'Estate of Grandma Rosé / "Senior"');
  return { trustee, estateId };
}

const HEADER = 'Ref,Number,Name,Location / Room,Categories,Tags,Notes,Giver,Owners,Brand/Author,Model/Binding,Year,Value,Currency,Distribution,Status';

/** A catalogue made through the import itself, with every column used. */
async function seedByImport(estateId: string, trustee: Caller) {
  const res = await upload(
    estateId,
    trustee,
    csv(
      HEADER,
      'INV-1,,Pride and Prejudice,Family House / Study,Book; Heirloom,Shelf A,"First edition, slight foxing.",Grandpa Joe,Rose and Joe,Jane Austen,Hardcover,1894,250.5,EUR,Divide,',
      'INV-2,,Oak Dining Chair 1,Family House / Dining Room,Furniture,,,,,,,,,,Return,',
      ',,"=HYPERLINK(""http://evil.example"")",Storage Unit,Collectibles,,-2 dents; @home,,,,,,"1,200",,,',
      ',,Brass Lamp,,Lighting,,"Line one\nLine two",,,,,1962,,,,',
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ created: 4, updated: 0, unchanged: 0 });
}

describe('catalogue export', () => {
  it('exports every column as CSV with a safe file name, escapes formulas, and never says who is interested', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await seedByImport(estateId, trustee);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const [first] = await h.database.db.select().from(items).where(eq(items.estateId, estateId)).orderBy(items.number);
    await h.database.db.insert(interests).values({ estateId, itemId: first!.id, memberId: beneficiary.id });

    const res = await exportFile(estateId, beneficiary, 'csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="estate-of-grandma-rose-senior-items-2026-11-21.csv"');
    const text = res.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    // RFC 4180 with every field quoted.
    const quoted = (...cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');
    expect(lines[0]).toBe(quoted(...HEADER.split(',')));
    expect(lines[1]).toBe(quoted('INV-1', 'A-0001', 'Pride and Prejudice', 'Family House / Study', 'Book; Heirloom', 'Shelf A', 'First edition, slight foxing.', 'Grandpa Joe', 'Rose and Joe', 'Jane Austen', 'Hardcover', '1894', '250.5', 'EUR', 'Divide', 'Unassigned'));
    expect(lines[2]).toBe(quoted('INV-2', 'A-0002', 'Oak Dining Chair 1', 'Family House / Dining Room', 'Furniture', '', '', '', '', '', '', '', '', 'USD', 'Return', 'Unassigned'));
    // Cells that a spreadsheet would run as a formula start with an apostrophe.
    expect(lines[3]).toBe(quoted('', 'A-0003', `'=HYPERLINK("http://evil.example")`, 'Storage Unit', 'Collectibles', '', "'-2 dents; @home", '', '', '', '', '', '1200', 'USD', 'Divide', 'Unassigned'));
    expect(text).not.toContain(beneficiary.email);
    expect(text).not.toMatch(/Person\d+/);
  });

  it('exports XLSX with text as text cells (never formulas) and numbers as numbers', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await seedByImport(estateId, trustee);
    const res = await exportFile(estateId, trustee, 'xlsx');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="estate-of-grandma-rose-senior-items-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
    const evil = sheet.getRow(4).getCell(3);
    expect(evil.type).toBe(ExcelJS.ValueType.String);
    // A text cell, and neutralised too: Excel makes "=…" a formula once someone edits the cell.
    expect(evil.value).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(sheet.getRow(2).getCell(12).value).toBe(1894);
    expect(sheet.getRow(2).getCell(13).value).toBe(250.5);
    expect(sheet.getRow(5).getCell(7).value).toBe('Line one\nLine two');
  });

  it('never lets a line break inside a cell start a row or a formula, in CSV and XLSX, and imports the text back as it was', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const nasty = [
      { name: '+44 20 7946 0958', notes: 'Works fine\n=2+3' },
      { name: 'Lamp', notes: 'Bulb gone\r-1+1\r\n@SUM(A1:A9)\n\n+cmd' },
      { name: "'=already quoted", notes: "\t=tab first\n'-apostrophe kept" },
      { name: 'Plain Chair _x0041_', notes: 'Nothing odd here\nsecond line' },
    ];
    for (const n of nasty) await createItem(h, estateId, trustee, n);
    const formulaStart = /^[=+\-@\t\r]/;
    const linesOf = (cell: string) => cell.split(/\r\n|\r|\n/);

    const csvFile = (await exportFile(estateId, trustee, 'csv')).rawPayload;
    const records: string[][] = parse(csvFile, { bom: true });
    expect(records).toHaveLength(nasty.length + 1);
    for (const record of records) {
      expect(record).toHaveLength(16);
      for (const cell of record) for (const line of linesOf(cell)) expect(line).not.toMatch(formulaStart);
    }
    // A reader that splits lines naively sees no formula either: every line starts with a quote or an apostrophe.
    for (const line of linesOf(csvFile.toString('utf8').replace(/^\uFEFF/, ''))) expect(line).not.toMatch(formulaStart);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exportFile(estateId, trustee, 'xlsx')).rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.actualRowCount).toBe(nasty.length + 1);
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') for (const line of linesOf(cell.value)) expect(line).not.toMatch(formulaStart);
        else expect(typeof cell.value).toBe('number');
      }),
    );

    for (const format of ['csv', 'xlsx'] as const) {
      const file = (await exportFile(estateId, trustee, format)).rawPayload;
      const preview = await upload(estateId, trustee, file, { preview: true, filename: `x.${format}` });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().summary, JSON.stringify(preview.json().rows)).toMatchObject({ rows: nasty.length, unchanged: nasty.length });
    }
    const stored = await h.database.db.select().from(items).where(eq(items.estateId, estateId)).orderBy(items.number);
    expect(stored.map((i) => ({ name: i.name, notes: i.notes }))).toEqual(nasty);
  });
});

describe('catalogue import', () => {
  it('round-trips: import → export → import changes nothing, in CSV and in XLSX', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await seedByImport(estateId, trustee);
    await createItem(h, estateId, trustee, { name: 'Ünïcode Çhair – ش', notes: '  spaced  ', categories: ['Furniture', 'Gift'], giver: 'Ayşe' });
    const before = await h.database.db.select().from(items).where(eq(items.estateId, estateId)).orderBy(items.number);

    for (const format of ['csv', 'xlsx'] as const) {
      const file = (await exportFile(estateId, trustee, format)).rawPayload;
      const preview = await upload(estateId, trustee, file, { preview: true, filename: `x.${format}`, type: 'application/octet-stream' });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().rows.map((r: { action: string }) => r.action)).toEqual(Array(5).fill('unchanged'));
      expect(preview.json().summary).toMatchObject({ format, rows: 5, create: 0, update: 0, unchanged: 5, error: 0, newLocations: [], newRooms: [] });
      const applied = await upload(estateId, trustee, file, { filename: `x.${format}` });
      expect(applied.json()).toEqual({ created: 0, updated: 0, unchanged: 5 });
    }
    const after = await h.database.db.select().from(items).where(eq(items.estateId, estateId)).orderBy(items.number);
    expect(after.map((i) => [i.version, i.updatedAt.toISOString()])).toEqual(before.map((i) => [i.version, i.updatedAt.toISOString()]));
  });

  it('previews create, update, unchanged and error rows without storing anything', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await seedByImport(estateId, trustee);
    const counts = async () => ({
      items: (await h.database.db.select().from(items).where(eq(items.estateId, estateId))).length,
      locations: (await h.database.db.select().from(locations).where(eq(locations.estateId, estateId))).length,
      rooms: (await h.database.db.select().from(rooms).where(eq(rooms.estateId, estateId))).length,
    });
    const start = await counts();
    const file = csv(
      'Ref,Number,Name,Location / Room,Categories,Value,Status,Colour',
      'INV-1,,Pride and Prejudice,Family House / Study,book; heirloom,250.50,Assigned,blue',
      ',A-0002,Oak Dining Chair 1,Lake Cottage / Porch,Furniture; Outdoor,80,,',
      'NEW-9,,Garden Bench,Family House / Study,Garden,,,',
      ',A-0077,Ghost,,,,,',
      ',,Tea Set,,Kitchen,12.345,,',
    );
    const res = await upload(estateId, trustee, file, { preview: true });
    expect(res.statusCode, res.body).toBe(200);
    const { rows, summary } = res.json();
    expect(rows[0]).toMatchObject({ row: 2, action: 'unchanged', ref: 'INV-1' });
    expect(rows[1]).toMatchObject({
      row: 3,
      action: 'update',
      changes: {
        'Location / Room': { from: 'Family House / Dining Room', to: 'Lake Cottage / Porch' },
        Categories: { from: 'Furniture', to: 'Furniture; Outdoor' },
        Value: { from: null, to: '80.00' },
      },
    });
    expect(Object.keys(rows[1].changes)).toHaveLength(3);
    expect(rows[2]).toMatchObject({ row: 4, action: 'create', ref: 'NEW-9', changes: { Name: { from: null, to: 'Garden Bench' }, Ref: { from: null, to: 'NEW-9' } } });
    expect(rows[3]).toMatchObject({ row: 5, action: 'error', errors: { Number: expect.stringContaining('no item A-0077') } });
    expect(rows[4]).toMatchObject({ row: 6, action: 'error', errors: { Value: expect.stringContaining('two decimals') } });
    expect(summary).toEqual({
      format: 'csv',
      rows: 5,
      create: 1,
      update: 1,
      unchanged: 1,
      error: 2,
      newLocations: ['Lake Cottage'],
      newRooms: ['Lake Cottage / Porch'],
      newCategories: ['Outdoor', 'Garden'],
      newTags: [],
      ignoredColumns: ['Colour'],
    });
    expect(await counts()).toEqual(start);
  });

  it('applies creates and updates in one go: places, labels, refs, numbers, versions and the activity log', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await seedByImport(estateId, trustee);
    const chair = await createItem(h, estateId, trustee, { name: 'Rocking Chair' });
    const res = await upload(
      estateId,
      trustee,
      csv(
        'Number,Ref,Name,Location / Room,Categories,Tags,Value',
        `${chair.label},OLD-5,Rocking Chair,Lake Cottage / Porch,Furniture; Outdoor,,95`,
        ',NEW-1,Garden Bench,lake cottage / porch,Garden,Weathered,',
        ',,Watering Can,Lake Cottage,Garden,,',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 1, unchanged: 0 });

    const detail = (await call(h, 'GET', `/api/estates/${estateId}/items/${chair.id}`, { as: trustee })).json().item;
    expect(detail).toMatchObject({ version: 2, categories: ['Furniture', 'Outdoor'], value: '95.00' });
    const cottage = (await call(h, 'GET', `/api/estates/${estateId}/locations`, { as: trustee })).json().locations.find((l: { name: string }) => l.name === 'Lake Cottage');
    const cottageRooms = (await call(h, 'GET', `/api/estates/${estateId}/locations/${cottage.id}/rooms`, { as: trustee })).json().rooms;
    expect(cottageRooms.map((r: { name: string }) => r.name)).toEqual(['Porch']);
    expect(detail.roomId).toBe(cottageRooms[0].id);

    const list = (await call(h, 'GET', `/api/estates/${estateId}/items?sort=number`, { as: trustee })).json().items;
    expect(list.slice(-2).map((i: { label: string; name: string; roomId: string | null; locationId: string }) => [i.label, i.name, i.roomId, i.locationId])).toEqual([
      ['A-0006', 'Garden Bench', cottageRooms[0].id, cottage.id],
      ['A-0007', 'Watering Can', null, cottage.id],
    ]);
    const [bench] = await h.database.db.select().from(items).where(eq(items.importRef, 'NEW-1'));
    expect(bench?.number).toBe(6);
    const [adopted] = await h.database.db.select().from(items).where(eq(items.id, chair.id));
    expect(adopted?.importRef).toBe('OLD-5');

    const events = await h.database.db.select().from(activityEvents).where(eq(activityEvents.estateId, estateId));
    expect(events).toEqual(
      expect.arrayContaining([
        // The log keeps the exact value: the string "95.00", not the number 95.
        expect.objectContaining({ action: 'item.updated', entityId: chair.id, field: 'value', from: null, to: '95.00' }),
        expect.objectContaining({ action: 'item.updated', entityId: chair.id, field: 'importRef', from: null, to: 'OLD-5' }),
        expect.objectContaining({ action: 'item.created', entityId: bench!.id, to: 'Garden Bench' }),
        expect.objectContaining({ action: 'location.created', to: 'Lake Cottage' }),
        expect.objectContaining({ action: 'room.created', to: 'Porch' }),
        expect.objectContaining({ action: 'items.imported', to: { format: 'csv', created: 2, updated: 1, unchanged: 0 } }),
      ]),
    );
    // Importing the same file again matches by Ref and number: nothing new.
    const again = await upload(estateId, trustee, csv('Ref,Name,Location / Room,Categories,Tags', 'NEW-1,Garden Bench,Lake Cottage / Porch,Garden,Weathered'));
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
  });

  it('refuses a file with bad rows as a whole, naming each row and column', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await seedByImport(estateId, trustee);
    const res = await upload(
      estateId,
      trustee,
      csv(
        'Ref,Number,Name,Year,Currency,Distribution',
        ',,Good New Item,1950,USD,Divide',
        'INV-1,A-0002,Wrong Pair,,,',
        ',,,,,',
        ',,Nameless Year,nineteen,EURO,Keep',
        'DUP,,First,,,',
        'DUP,,Second,,,',
        `,,${'x'.repeat(201)},,,`,
        'ADOPT,A-0003,Renamed Thing,,,',
        'ADOPT,,Another Thing,,,',
      ),
    );
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('validation_failed');
    expect(error.message).toMatch(/^Rows 3, 5, 7, 8, 10 have errors, so nothing was imported/);
    expect(error.fields).toEqual({
      'row 3: Number': expect.stringContaining('Ref "INV-1" is item A-0001, not A-0002'),
      'row 5: Year': 'Write the year as a number, e.g. 1962.',
      'row 5: Currency': 'Use a three-letter currency code, such as USD or EUR.',
      'row 5: Distribution': expect.stringContaining('Divide'),
      'row 7: Ref': 'Row 6 already uses the new Ref "DUP".',
      'row 8: Name': 'Name is at most 200 characters.',
      'row 10: Ref': 'Row 9 already uses the new Ref "ADOPT".',
    });
    // All or nothing: the good rows were not applied either.
    const all = await h.database.db.select().from(items).where(eq(items.estateId, estateId));
    expect(all).toHaveLength(4);
  });

  it('checks the type by content: other files get 415, and too many rows 413', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload(estateId, trustee, png, { filename: 'items.csv', type: 'text/csv' })).statusCode).toBe(415);
    const latin1 = Buffer.from('Name\r\nCaf\xe9 Table\r\n', 'latin1');
    const notUtf8 = await upload(estateId, trustee, latin1);
    expect(notUtf8.statusCode).toBe(415);
    expect(notUtf8.json().error.message).toMatch(/CSV UTF-8/);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]);
    expect((await upload(estateId, trustee, zip, { filename: 'items.xlsx' })).statusCode).toBe(415);
    const json = await call(h, 'POST', `/api/estates/${estateId}/items/import`, { as: trustee, body: { file: 'Name\nChair' } });
    expect(json.statusCode).toBe(415);
    const empty = await upload(estateId, trustee, csv('Name'));
    expect(empty.statusCode).toBe(400);
    const headless = await upload(estateId, trustee, csv('Colour,Size', 'red,big'));
    expect(headless.statusCode).toBe(400);
    expect(headless.json().error.fields).toHaveProperty('Name');

    const big = csv('Name', ...Array.from({ length: 5001 }, (_, i) => `Spoon ${i + 1}`));
    const tooMany = await upload(estateId, trustee, big, { preview: true });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toMatch(/more than 5,000 rows; at most 5,000/);
  });

  it('reads semicolon-separated CSV and XLSX files with other column spellings', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const res = await upload(estateId, trustee, csv('Name;Location;Category;Author;Binding', 'Moby Dick;Family House / Study;Book;Herman Melville;Paperback'));
    expect(res.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Anything');
    sheet.addRow(['Item Name', 'Appraised Value', 'Year']);
    sheet.addRow(['Silver Candlestick 1', 19.99, { formula: '1900+62', result: 1962 }]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const preview = await upload(estateId, trustee, xlsx, { preview: true, filename: 'stuff.bin', type: 'application/octet-stream' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows[0].changes).toMatchObject({ Name: { to: 'Silver Candlestick 1' }, Value: { to: '19.99' }, Year: { to: '1962' } });
  });

  it('lets only those who may add items import, in their stages, and hides other estates', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const creator = await addMember(h, estateId, trustee, [Role.Creator]);
    const beneficiary = await addMember(h, estateId, trustee, [Role.Beneficiary]);
    const outsider = await createUser(h);
    await createEstate(h, outsider, 'Their Estate');
    const file = csv('Name', 'Brass Lamp');
    await setStage(h, estateId, 1);
    expect((await upload(estateId, creator, file, { preview: true })).statusCode).toBe(200);
    expect((await upload(estateId, beneficiary, file)).statusCode).toBe(403);
    expect((await upload(estateId, outsider, file)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/export`, { as: outsider })).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/labels.pdf`, { as: outsider })).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/export`)).statusCode).toBe(401);
    await setStage(h, estateId, 2);
    const late = await upload(estateId, creator, file);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('wrong_stage');
    await setStage(h, estateId, 40);
    expect((await upload(estateId, trustee, file)).statusCode).toBe(409);
    // Reading stays open to every member.
    expect((await exportFile(estateId, beneficiary, 'xlsx')).statusCode).toBe(200);
  });

  it('drops bidirectional controls from imported names and places, and refuses a name that shows nothing', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const res = await upload(estateId, trustee, csv('Name,Location / Room,Categories', 'Photo\u202Egpj.exe,\u202AFamily House\u202C / Study\u200E,\u2066Books\u2069'));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await h.database.db.select().from(items).where(eq(items.estateId, estateId));
    expect(row!.name).toBe('Photogpj.exe');
    expect((await call(h, 'GET', `/api/estates/${estateId}/items/${row!.id}`, { as: trustee })).json().item.categories).toEqual(['Books']);
    expect((await h.database.db.select().from(locations).where(eq(locations.estateId, estateId))).map((l) => l.name)).toEqual(['Family House']);
    expect((await h.database.db.select().from(rooms).where(eq(rooms.estateId, estateId))).map((r) => r.name)).toEqual(['Study']);
    // Only zero-width characters and controls: no name, as in the item form.
    const blank = await upload(estateId, trustee, csv('Name', '\u200B\u202E\u200D'));
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().error.fields).toEqual({ 'row 2: Name': 'A new item needs a name.' });
    const rename = await upload(estateId, trustee, csv('Number,Name', `A-${String(row!.number).padStart(4, '0')},\u2060\u200B`));
    expect(rename.statusCode, rename.body).toBe(400);
    expect(rename.json().error.fields).toEqual({ 'row 2: Name': 'The name cannot be empty.' });
  });
});

/** The parts of a zip archive, unpacked (for building test files from a real workbook). */
function unzipParts(bytes: Buffer): { name: string; data: Buffer }[] {
  return centralDirectory(bytes)!.map((e) => {
    const start = e.localOffset + 30 + bytes.readUInt16LE(e.localOffset + 26) + bytes.readUInt16LE(e.localOffset + 28);
    const packed = bytes.subarray(start, start + e.compressedSize);
    return { name: e.name, data: e.method === 8 ? inflateRawSync(packed) : Buffer.from(packed) };
  });
}

/** A zip archive of the parts; `claimedSize` writes a size into the headers other than the real one. */
function zipParts(parts: { name: string; data: Buffer; claimedSize?: number }[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = deflateRawSync(part.data);
    const size = part.claimedSize ?? part.data.length;
    const crc = crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    chunks.push(local, name, packed);
    central.push(entry, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** An XLSX of `rows` items with `columns` columns, as a person's own spreadsheet might be. */
async function workbook(rows: number, columns = 3): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Items');
  sheet.addRow(['Name', 'Notes', ...Array.from({ length: columns - 2 }, (_, i) => `Extra ${i + 1}`)]);
  for (let i = 1; i <= rows; i++) sheet.addRow([`Spoon ${i}`, `Silver, dented ${i}`, ...Array.from({ length: columns - 2 }, (_, j) => i * j)]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Runs `body` with some import limits narrowed, then puts them back. */
async function withLimits(narrowed: Partial<ImportLimits>, body: () => Promise<void>) {
  const saved = { ...importLimits };
  Object.assign(importLimits, narrowed);
  try {
    await body();
  } finally {
    Object.assign(importLimits, saved);
  }
}

describe('import limits', () => {
  const itemCount = async (estateId: string) => (await h.database.db.select({ id: items.id }).from(items).where(eq(items.estateId, estateId))).length;

  it('refuses a file over 10 MB, naming the limit, and writes nothing', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const big = csv('Name,Notes', ...Array.from({ length: 1100 }, (_, i) => `Spoon ${i},${'x'.repeat(10_000)}`));
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const res = await upload(estateId, trustee, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'too_large', message: expect.stringContaining('larger than 10 MB') });
    expect(await itemCount(estateId)).toBe(0);
  });

  it('refuses a zip bomb by the sizes it claims, and one that lies about them by unpacking no further than the claim', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const parts = unzipParts(await workbook(3));
    const sheetAt = parts.findIndex((p) => p.name === 'xl/worksheets/sheet1.xml');
    // 60 MB of spaces inside the sheet's XML (still valid XML) packs into about 60 kB.
    const xml = parts[sheetAt]!.data.toString('utf8');
    const padded = Buffer.from(xml.replace('<sheetData>', `<sheetData>${' '.repeat(60 * 1024 * 1024)}`));
    const honest = zipParts(parts.map((p, i) => (i === sheetAt ? { ...p, data: padded } : p)));
    expect(honest.length).toBeLessThan(1024 * 1024);
    const lying = zipParts(parts.map((p, i) => (i === sheetAt ? { ...p, data: padded, claimedSize: xml.length } : p)));

    for (const file of [honest, lying]) {
      const res = await upload(estateId, trustee, file, { filename: 'items.xlsx' });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.message).toMatch(/unpacks to more than 50 MB/);
      expect(await itemCount(estateId)).toBe(0);
    }
    // The same parts, honestly sized, import.
    const fine = await upload(estateId, trustee, zipParts(parts), { filename: 'items.xlsx', preview: true });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses too many cells, columns or characters in a cell, naming each limit', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    await withLimits({ cells: 100 }, async () => {
      const res = await upload(estateId, trustee, await workbook(40), { filename: 'items.xlsx' });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toMatch(/holds 123 cells; we read at most 100 at once/);
    });
    const wide = await upload(estateId, trustee, csv(['Name', ...Array.from({ length: 100 }, (_, i) => `C${i}`)].join(','), 'Spoon'));
    expect(wide.statusCode).toBe(413);
    expect(wide.json().error.message).toMatch(/Row 1 has 101 columns; we read at most 100/);
    const wideXlsx = await upload(estateId, trustee, await workbook(2, 101), { filename: 'items.xlsx' });
    expect(wideXlsx.json().error.message).toMatch(/Row 1 has 101 columns; we read at most 100/);
    const long = await upload(estateId, trustee, csv('Name,Notes', `Spoon,${'x'.repeat(32_768)}`));
    expect(long.statusCode).toBe(413);
    expect(long.json().error.message).toMatch(/Row 2, column 2 has 32,768 characters; a cell can hold at most 32,767/);
    expect(await itemCount(estateId)).toBe(0);
  });

  it('stops reading a file that takes longer than the time limit, writes nothing, and reads the next file', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const heavy = await workbook(5_000, 20);
    await withLimits({ seconds: 0.05 }, async () => {
      const res = await upload(estateId, trustee, heavy, { filename: 'items.xlsx' });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.message).toMatch(/^Reading the file took longer than 0.05 seconds, so it was stopped and nothing was imported/);
    });
    expect(await itemCount(estateId)).toBe(0);
    expect(sheetWorkers.busy).toBe(0);
    const next = await upload(estateId, trustee, csv('Name', 'Brass Lamp'));
    expect(next.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
  });

  it('answers health checks while a large file is being read', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const heavy = await workbook(5_000, 20);
    const started = new Promise<void>((resolve) => (sheetWorkers.onTaskStart = resolve));
    let importDone = false;
    const importing = upload(estateId, trustee, heavy, { filename: 'items.xlsx', preview: true }).finally(() => (importDone = true));
    try {
      await Promise.race([
        started,
        importing.then(() => {
          throw new Error('The import finished before any reading was seen to start off the request loop.');
        }),
      ]);
      const health = await h.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      // Health answered while the file was still being read.
      expect(importDone).toBe(false);
      expect(sheetWorkers.busy).toBe(1);
    } finally {
      sheetWorkers.onTaskStart = undefined;
    }
    const preview = await importing;
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().summary).toMatchObject({ rows: 5_000, create: 5_000 });
  });
});

/** The QR images inside the PDF, rebuilt as PNG files (pdfkit embeds a PNG's IDAT stream as it is). */
async function qrCodesInPdf(pdf: Buffer): Promise<string[]> {
  const text = pdf.toString('latin1');
  const found: string[] = [];
  const objects = /\d+ 0 obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let m = objects.exec(text); m; m = objects.exec(text)) {
    const dict = m[1]!;
    if (!dict.includes('/Subtype /Image')) continue;
    const num = (key: string) => Number(new RegExp(`/${key} (\\d+)`).exec(dict)![1]);
    const width = num('Width');
    const height = num('Height');
    const data = pdf.subarray(m.index + m[0].length, m.index + m[0].length + num('Length'));
    expect(dict).toContain('/ColorSpace /DeviceGray');
    const chunk = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(body.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])), 0);
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 0; // greyscale
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
    const raw = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(raw.data), raw.info.width, raw.info.height);
    found.push(code?.data ?? 'unreadable');
  }
  return found;
}

describe('QR labels', () => {
  it('prints 3 × 8 labels per A4 page whose QR codes open the right items', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const observer = await addMember(h, estateId, trustee, [Role.Observer]);
    const house = (await call(h, 'POST', `/api/estates/${estateId}/locations`, { as: trustee, body: { name: 'Family House' } })).json().location;
    const kitchen = (await call(h, 'POST', `/api/estates/${estateId}/locations/${house.id}/rooms`, { as: trustee, body: { name: 'Kitchen' } })).json().room;
    const made = [];
    for (let i = 1; i <= 26; i++) made.push(await createItem(h, estateId, trustee, { name: `Çay Bardağı Glass ${i}`, roomId: i <= 3 ? kitchen.id : null }));

    const all = await call(h, 'GET', `/api/estates/${estateId}/items/labels.pdf`, { as: observer });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toBe('application/pdf');
    expect(all.headers['content-disposition']).toBe('inline; filename="estate-of-grandma-rose-senior-labels.pdf"');
    const pdf = all.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
    const codes = await qrCodesInPdf(pdf);
    expect(codes).toEqual(made.map((m) => `http://portal.test/p/${estateId}/i/${m.id}`));

    const room = await call(h, 'GET', `/api/estates/${estateId}/items/labels.pdf?roomId=${kitchen.id}`, { as: trustee });
    expect(await qrCodesInPdf(room.rawPayload)).toEqual(made.slice(0, 3).map((m) => itemUrl('http://portal.test', estateId, m.id)));
    const picked = await call(h, 'GET', `/api/estates/${estateId}/items/labels.pdf?itemIds=${made[9]!.id},${made[4]!.id}&skip=23`, { as: trustee });
    expect(await qrCodesInPdf(picked.rawPayload)).toEqual([made[4], made[9]].map((m) => itemUrl('http://portal.test', estateId, m!.id)));
    // skip=23 puts the first label in the first page's last slot and the second on a new page.
    expect(picked.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(2);
  });

  it('refuses unknown items, rooms and ids with 404 or 400', async () => {
    const { trustee, estateId } = await estateWithTrustee();
    const item = await createItem(h, estateId, trustee);
    const other = await createEstate(h, trustee, 'Other Estate');
    const theirs = await createItem(h, other, trustee);
    const url = `/api/estates/${estateId}/items/labels.pdf`;
    expect((await call(h, 'GET', `${url}?itemIds=${item.id},${theirs.id}`, { as: trustee })).statusCode).toBe(404);
    expect((await call(h, 'GET', `${url}?roomId=${item.id}`, { as: trustee })).json().error.message).toBe('Requested room do not exist.');
    expect((await call(h, 'GET', `${url}?itemIds=nope`, { as: trustee })).statusCode).toBe(400);
    expect((await call(h, 'GET', `/api/estates/${other}/items/labels.pdf?skip=24`, { as: trustee })).statusCode).toBe(400);
  });
});

describe('catalogue-io helpers', () => {
  it('escapes and unescapes formula-like cells symmetrically', () => {
    for (const text of ['=1+2', '+44 20', '-3', '@SUM(A1)', '\tTab', 'Plain', "'quoted", "'=kept", "''-x"]) {
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    expect(escapeCell('=1+2')).toBe("'=1+2");
    expect(escapeCell('Plain')).toBe('Plain');
    expect(escapeCell('Works fine\n=2+3')).toBe("Works fine\n'=2+3");
    expect(escapeCell('\r\n@x\r-y')).toBe("'\r\n'@x\r'-y");
    expect(escapeCell("a\n''+b")).toBe("a\n'''+b");
    // Any text: unescaping gives it back, and no line of the escaped text starts a formula.
    const risky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", 'a', ' ');
    fc.assert(
      fc.property(fc.array(risky, { maxLength: 12 }).map((chars) => chars.join('')), (text) => {
        const escaped = escapeCell(text);
        expect(unescapeCell(escaped)).toBe(text);
        for (const line of escaped.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@\t]/);
        expect(escaped).not.toMatch(/^\r/);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a zip archive\'s table of contents only from a zip archive', async () => {
    const xlsx = await workbook(2);
    expect(centralDirectory(xlsx)?.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    // A CSV that happens to end with the zip end marker is not taken for an archive.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    expect(centralDirectory(Buffer.concat([csv('Name', 'Spoon'), end]))).toBeUndefined();
  });

  it('makes file names and label text safe', () => {
    expect(safeFileName('Estate of Ayşe Öztürk / "Lake"')).toBe('estate-of-ayse-ozturk-lake');
    expect(safeFileName('عقار')).toBe('estate');
    expect(printable('Çay Bardağı – Ayşe’s ı')).toBe('Çay Bardagi – Ayse’s i');
    expect(printable('خاتم A-1')).toBe('???? A-1');
    expect(itemUrl('https://portal.example/', 'e', 'i')).toBe('https://portal.example/p/e/i/i');
  });
});
