/**
 * The catalogue in and out of spreadsheets, and QR labels for the physical items.
 *
 * Import matches each row to an item by its Ref (items.import_ref) first, then by its Number
 * (A-0042), and otherwise creates an item. Only the columns present in the file are touched; an
 * empty cell in a present column clears that field. Preview and import share one plan, so what the
 * preview shows is what the import does; the import re-plans inside its one transaction.
 */
import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import { can } from '@estate/domain/permissions';
import { handoverViewStatus } from '@estate/domain/handover';
import { Stage } from '@estate/domain/stages';
import { itemLabel, parseItemLabel } from '@estate/domain/item-status';
import { itemFieldsSchema } from '@estate/domain/items';
import { settingsOf } from '../../platform/pool.js';
import { validationText } from '@estate/domain/schemas/messages';
import { hasVisibleText, stripBidiControls } from '@estate/domain/schemas/text';
import type { Db } from '../../db/client.js';
import { activityEvents, estates, handovers, itemLabels, items, labels, locations, receipts, rooms, users } from '../../db/schema.js';
import type { ActivityInput } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';
import { COLUMNS, CONTENT_TYPES, RESULT_COLUMNS, readSheet, writeCsv, writeXlsx, type Column, type ExportCell, type ExportColumn, type ResultColumn, type Sheet, type SheetRow } from './sheet.js';
import { HANDOVER_TEXT, reasonText } from '../../platform/report-words.js';

type ItemRow = typeof items.$inferSelect;
type Distribution = ItemRow['distribution'];

// ---------------------------------------------------------------------------------------------
// The estate's catalogue as it stands

type Catalogue = {
  items: ItemRow[];
  byRef: Map<string, ItemRow>;
  byNumber: Map<number, ItemRow>;
  labelsOf: Map<string, { category: string[]; tag: string[] }>;
  /** Every category and tag name the estate has, lower-cased. */
  labelNames: { category: Set<string>; tag: Set<string> };
  locations: { id: string; name: string }[];
  rooms: { id: string; locationId: string; name: string }[];
};

async function loadCatalogue(db: Db, estateId: string): Promise<Catalogue> {
  const itemRows = await db.select().from(items).where(inEstate(items, estateId)).orderBy(asc(items.number));
  const labelRows = await db
    .select({ itemId: itemLabels.itemId, kind: labels.kind, name: labels.name })
    .from(itemLabels)
    .innerJoin(labels, eq(labels.id, itemLabels.labelId))
    .where(inEstate(itemLabels, estateId))
    .orderBy(asc(sql`lower(${labels.name})`));
  const labelsOf = new Map<string, { category: string[]; tag: string[] }>();
  for (const r of labelRows) {
    let entry = labelsOf.get(r.itemId);
    if (!entry) labelsOf.set(r.itemId, (entry = { category: [], tag: [] }));
    entry[r.kind].push(r.name);
  }
  const allLabels = await db.select({ kind: labels.kind, name: labels.name }).from(labels).where(inEstate(labels, estateId));
  return {
    labelNames: {
      category: new Set(allLabels.filter((l) => l.kind === 'category').map((l) => l.name.toLowerCase())),
      tag: new Set(allLabels.filter((l) => l.kind === 'tag').map((l) => l.name.toLowerCase())),
    },
    items: itemRows,
    byRef: new Map(itemRows.filter((r) => r.importRef !== null).map((r) => [r.importRef!, r])),
    byNumber: new Map(itemRows.map((r) => [r.number, r])),
    labelsOf,
    locations: await db.select({ id: locations.id, name: locations.name }).from(locations).where(inEstate(locations, estateId)).orderBy(asc(locations.position), asc(locations.id)),
    rooms: await db.select({ id: rooms.id, locationId: rooms.locationId, name: rooms.name }).from(rooms).where(inEstate(rooms, estateId)).orderBy(asc(rooms.position), asc(rooms.id)),
  };
}

function placeText(cat: Catalogue, locationId: string | null, roomId: string | null): string {
  const location = cat.locations.find((l) => l.id === locationId)?.name;
  const room = cat.rooms.find((r) => r.id === roomId)?.name;
  if (!location) return '';
  return room ? `${location} / ${room}` : location;
}

const STATUS_TEXT: Record<ItemRow['status'], string> = {
  unassigned: 'Unassigned',
  pending: 'Pending',
  hold: 'Hold',
  assigned: 'Assigned',
  unwanted: 'Unwanted',
  'handed-over': 'Handed over',
};
const DISTRIBUTION_TEXT: Record<Distribution, string> = { divide: 'Divide', return: 'Return' };

// ---------------------------------------------------------------------------------------------
// Export

/** "Estate of Grandma Rose" → "estate-of-grandma-rose": safe in any file system and header. */
export function safeFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'estate';
}

/**
 * Who received each item, why, and its hand-over: once results are published, for a caller who
 * may see assignments (null otherwise, and the export has no such columns).
 */
async function resultsOf(db: Db, access: EstateAccess): Promise<Map<string, Record<ResultColumn, string>> | null> {
  if (access.stage < Stage.AssignmentCompleted || !can('assignment.viewAll', access)) return null;
  const estateId = access.estate.id;
  const rows = await db
    .select({ id: items.id, receiverId: items.assignedTo, reason: items.assignmentReason, status: items.status, firstName: users.firstName, lastName: users.lastName, recorded: handovers.status, receipt: receipts.id })
    .from(items)
    .leftJoin(users, eq(users.id, items.assignedTo))
    .leftJoin(handovers, eq(handovers.itemId, items.id))
    .leftJoin(receipts, eq(receipts.itemId, items.id))
    .where(inEstate(items, estateId));
  return new Map(
    rows.map((r) => {
      const assigned = r.receiverId !== null || r.status === 'assigned' || r.status === 'handed-over';
      const receiver = r.receiverId ? `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() : r.reason === 'return' ? 'Back to its owner' : '';
      const handover = assigned ? HANDOVER_TEXT[handoverViewStatus(r.recorded, r.receipt !== null)] : '';
      return [r.id, { Receiver: receiver, Reason: reasonText(r.reason), 'Hand-over': handover }];
    }),
  );
}

export async function exportItems(ctx: AppContext, access: EstateAccess, format: 'csv' | 'xlsx') {
  const cat = await loadCatalogue(ctx.db, access.estate.id);
  const results = await resultsOf(ctx.db, access);
  const columns: ExportColumn[] = results ? [...COLUMNS, ...RESULT_COLUMNS] : [...COLUMNS];
  // Interest (who or how many hearted) is never part of the export.
  const rows: ExportCell[][] = cat.items.map((item) => {
    const l = cat.labelsOf.get(item.id);
    const row: Record<Column, ExportCell> = {
      Ref: item.importRef ?? '',
      Number: itemLabel(item.number),
      Name: item.name,
      'Location / Room': placeText(cat, item.locationId, item.roomId),
      Categories: (l?.category ?? []).join('; '),
      Tags: (l?.tag ?? []).join('; '),
      Notes: item.notes,
      Giver: item.giver,
      Owners: item.owners,
      'Brand/Author': item.brand,
      'Model/Binding': item.model,
      Year: item.year,
      Value: item.value === null ? null : Number(item.value),
      Currency: item.currency,
      Distribution: DISTRIBUTION_TEXT[item.distribution],
      Status: STATUS_TEXT[item.status],
    };
    const result = results?.get(item.id);
    return columns.map((c) => (c in row ? row[c as Column] : (result?.[c as ResultColumn] ?? '')));
  });
  const bytes = format === 'csv' ? writeCsv(rows, columns) : await writeXlsx(rows, 'Items', columns);
  const date = ctx.now().toISOString().slice(0, 10);
  return { bytes, contentType: CONTENT_TYPES[format], fileName: `${safeFileName(access.estate.name)}-items-${date}.${format}` };
}

// ---------------------------------------------------------------------------------------------
// Reading one row

type Place = { location: string; room: string | null } | null;
type Fields = {
  name?: string;
  notes?: string;
  place?: Place;
  categories?: string[];
  tags?: string[];
  giver?: string;
  owners?: string;
  brand?: string;
  model?: string;
  year?: number | null;
  value?: string | null;
  currency?: string;
  distribution?: Distribution;
};
type ParsedRow = { row: number; ref: string | null; number: number | null; fields: Fields; errors: Record<string, string> };

/** The same limits as the item form, from the shared schema. */
const rowSchema = itemFieldsSchema.omit({ locationId: true, roomId: true }).partial();
const FIELD_COLUMN: Record<string, Column> = {
  name: 'Name',
  notes: 'Notes',
  categories: 'Categories',
  tags: 'Tags',
  giver: 'Giver',
  owners: 'Owners',
  brand: 'Brand/Author',
  model: 'Model/Binding',
  year: 'Year',
  value: 'Value',
  currency: 'Currency',
  distribution: 'Distribution',
};

function splitList(text: string): string[] {
  const firstSpelling = new Map<string, string>();
  for (const part of stripBidiControls(text).split(';')) {
    const name = part.trim();
    if (name && !firstSpelling.has(name.toLowerCase())) firstSpelling.set(name.toLowerCase(), name);
  }
  return [...firstSpelling.values()];
}

const PLACE_MAX = 120;

function parsePlace(text: string): Place | string {
  const trimmed = stripBidiControls(text).trim();
  if (!trimmed) return null;
  let at = trimmed.indexOf(' / ');
  let width = 3;
  if (at < 0) {
    at = trimmed.indexOf('/');
    width = 1;
  }
  const location = (at < 0 ? trimmed : trimmed.slice(0, at)).trim();
  const room = at < 0 ? '' : trimmed.slice(at + width).trim();
  if (!location) return 'Write the location before the room, e.g. "Family House / Kitchen".';
  if (location.length > PLACE_MAX || room.length > PLACE_MAX) return `Location and room names are at most ${PLACE_MAX} characters each.`;
  return { location, room: room || null };
}

function parseValue(text: string): number | null | string {
  let t = text.trim().replace(/\s/g, '');
  if (!t) return null;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'Write the value as a number with at most two decimals, e.g. 1250.00 (no currency sign).';
  return Number(t);
}

function parseRow(sheetRow: SheetRow, columns: readonly Column[]): ParsedRow {
  const cells = sheetRow.cells;
  const has = (c: Column) => columns.includes(c);
  const cell = (c: Column) => cells[c] ?? '';
  const errors: Record<string, string> = {};
  const fields: Fields = {};
  let ref: string | null = null;
  let number: number | null = null;

  if (has('Ref') && cell('Ref').trim()) {
    ref = cell('Ref').trim();
    if (ref.length > 100) errors.Ref = 'A Ref is at most 100 characters.';
  }
  if (has('Number') && cell('Number').trim()) {
    const parsed = parseItemLabel(cell('Number'));
    if (parsed === undefined || parsed < 1) errors.Number = 'Write the item number as on its label, e.g. A-0042.';
    else number = parsed;
  }
  if (has('Name')) {
    // As in the item form: a name of only zero-width characters shows nothing, so it is no name.
    const name = stripBidiControls(cell('Name')).trim();
    fields.name = hasVisibleText(name) ? name : '';
  }
  if (has('Notes')) fields.notes = cell('Notes');
  if (has('Location / Room')) {
    const place = parsePlace(cell('Location / Room'));
    if (typeof place === 'string') errors['Location / Room'] = place;
    else fields.place = place;
  }
  if (has('Categories')) fields.categories = splitList(cell('Categories'));
  if (has('Tags')) fields.tags = splitList(cell('Tags'));
  if (has('Giver')) fields.giver = cell('Giver').trim();
  if (has('Owners')) fields.owners = cell('Owners').trim();
  if (has('Brand/Author')) fields.brand = cell('Brand/Author').trim();
  if (has('Model/Binding')) fields.model = cell('Model/Binding').trim();
  if (has('Year')) {
    const t = cell('Year').trim();
    if (!t) fields.year = null;
    else if (/^\d{1,4}$/.test(t)) fields.year = Number(t);
    else errors.Year = 'Write the year as a number, e.g. 1962.';
  }
  if (has('Value')) {
    const v = parseValue(cell('Value'));
    if (typeof v === 'string') errors.Value = v;
    else fields.value = v === null ? null : v.toFixed(2);
  }
  // An empty cell is the estate's currency (filled in by planRows).
  if (has('Currency')) fields.currency = cell('Currency').trim().toUpperCase() || undefined;
  if (has('Distribution')) {
    const t = cell('Distribution').trim().toLowerCase();
    if (!t || t === 'divide') fields.distribution = 'divide';
    else if (t === 'return') fields.distribution = 'return';
    else errors.Distribution = 'Write Divide (goes to the pool) or Return (goes back to its owner).';
  }
  // Status is shown in exports for reading; it is changed by the estate's steps, never by a file.

  const check = rowSchema.safeParse({ ...fields, place: undefined, value: fields.value === undefined || fields.value === null ? fields.value : Number(fields.value) });
  if (!check.success) {
    for (const issue of check.error.issues) {
      const column = FIELD_COLUMN[String(issue.path[0])];
      if (!column || errors[column]) continue;
      errors[column] = issueText(issue, column);
    }
  }
  return { row: sheetRow.row, ref, number, fields, errors };
}

function issueText(issue: { code: string; message: string; maximum?: unknown; origin?: unknown }, column: Column): string {
  if (issue.code === 'too_big' && issue.origin === 'string') return `${column} is at most ${String(issue.maximum)} characters.`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `At most ${String(issue.maximum)} ${column.toLowerCase()} per item.`;
  if (column === 'Categories' || column === 'Tags') return `Each name is at most 60 characters.`;
  if (column === 'Year') return 'Write a year between 0 and 3000.';
  if (column === 'Value') return 'Write a value between 0 and 1,000,000,000,000.';
  return validationText(issue.message);
}

// ---------------------------------------------------------------------------------------------
// The plan: what each row would do

export type Change = { from: string | null; to: string | null };
export type PlannedRow = {
  row: number;
  action: 'create' | 'update' | 'unchanged' | 'error';
  itemId?: string;
  ref?: string;
  changes?: Record<string, Change>;
  errors?: Record<string, string>;
};

/** Where an item goes: existing ids, or names of a location or room the import will create. */
type Placement = { location: { id: string } | { name: string } | null; room: { id: string } | { name: string } | null };

type Work = {
  planned: PlannedRow;
  target?: ItemRow;
  importRef?: string | null;
  /** Column values to write (database field names), only what changes. */
  set: Partial<Pick<ItemRow, 'name' | 'notes' | 'giver' | 'owners' | 'brand' | 'model' | 'year' | 'value' | 'currency' | 'distribution'>>;
  placement?: Placement;
  categories?: string[];
  tags?: string[];
};

type Plan = { format: Sheet['format']; ignoredColumns: string[]; work: Work[] };

const lower = (s: string) => s.toLowerCase();
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.map(lower).sort().join('\u0000') === b.map(lower).sort().join('\u0000');
const textOf = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

function resolvePlacement(cat: Catalogue, place: Place): Placement {
  if (!place) return { location: null, room: null };
  const location = cat.locations.find((l) => lower(l.name) === lower(place.location));
  if (!location) return { location: { name: place.location }, room: place.room ? { name: place.room } : null };
  if (!place.room) return { location: { id: location.id }, room: null };
  const room = cat.rooms.find((r) => r.locationId === location.id && lower(r.name) === lower(place.room!));
  return { location: { id: location.id }, room: room ? { id: room.id } : { name: place.room } };
}

const placementIsNew = (p: Placement) => (p.location !== null && 'name' in p.location) || (p.room !== null && 'name' in p.room);
const samePlacement = (p: Placement, item: ItemRow) =>
  !placementIsNew(p) && (p.location && 'id' in p.location ? p.location.id : null) === item.locationId && (p.room && 'id' in p.room ? p.room.id : null) === item.roomId;
const placementText = (place: Place) => (place ? (place.room ? `${place.location} / ${place.room}` : place.location) : null);

function planRows(cat: Catalogue, access: EstateAccess, sheet: Sheet): Plan {
  // Creators add: an asset creator's file changes only the items they added (the policy's `theirOwn`).
  const mayUpdate = (item: ItemRow) => can('item.update', access, { addedByCaller: item.createdBy === access.user.id });
  const claimedItems = new Map<string, number>();
  const newRefs = new Map<string, number>();
  const work: Work[] = [];
  for (const sheetRow of sheet.rows) {
    const parsed = parseRow(sheetRow, sheet.columns);
    const { ref, number, fields } = parsed;
    const errors = { ...parsed.errors };
    const planned: PlannedRow = { row: parsed.row, action: 'error', ...(ref ? { ref } : {}) };

    // Which item is this row about?
    let target: ItemRow | undefined;
    let adoptRef = false;
    if (ref && !errors.Ref) {
      target = cat.byRef.get(ref);
      if (target && number !== null && target.number !== number) {
        errors.Number = `Ref "${ref}" is item ${itemLabel(target.number)}, not ${itemLabel(number)}. Correct the Number or clear it.`;
      }
    }
    if (!target && number !== null && !errors.Number) {
      target = cat.byNumber.get(number);
      if (!target) errors.Number = `There is no item ${itemLabel(number)} in this estate. Clear the Number to add this row as a new item.`;
      else if (ref && target.importRef !== null && target.importRef !== ref) {
        errors.Ref = `${itemLabel(number)} already has the Ref "${target.importRef}". Use that Ref, or clear the Number to add a new item.`;
      } else if (ref && target.importRef === null) adoptRef = true;
    }
    if (target) {
      const earlier = claimedItems.get(target.id);
      if (earlier !== undefined) errors[ref ? 'Ref' : 'Number'] = `Row ${earlier} already changes ${itemLabel(target.number)}.`;
      else claimedItems.set(target.id, parsed.row);
      if (!mayUpdate(target)) errors[ref ? 'Ref' : 'Number'] ??= 'Only the person who added this item, or a trustee, can change it. Clear the Ref and Number to add it as a new item.';
    }
    // A Ref new to the estate (a new item's, or one an item takes on) may appear in one row only.
    if (ref && !errors.Ref && !errors.Number && (!target || adoptRef)) {
      const earlier = newRefs.get(ref);
      if (earlier !== undefined) errors.Ref = `Row ${earlier} already uses the new Ref "${ref}".`;
      else newRefs.set(ref, parsed.row);
    }
    if (!target && !errors.Number && !errors.Ref && !fields.name) errors.Name = 'A new item needs a name.';
    if (target && fields.name === '') errors.Name = 'The name cannot be empty.';

    if (Object.keys(errors).length > 0) {
      work.push({ planned: { ...planned, ...(target ? { itemId: target.id } : {}), errors }, set: {} });
      continue;
    }

    const placement = fields.place !== undefined ? resolvePlacement(cat, fields.place) : undefined;
    if (!target) {
      const set: Work['set'] = {
        name: fields.name!,
        notes: fields.notes ?? '',
        giver: fields.giver ?? '',
        owners: fields.owners ?? '',
        brand: fields.brand ?? '',
        model: fields.model ?? '',
        year: fields.year ?? null,
        value: fields.value ?? null,
        currency: fields.currency ?? settingsOf(access.estate.settings).currency,
        distribution: fields.distribution ?? 'divide',
      };
      const changes: Record<string, Change> = {};
      const shown: [string, string | null][] = [
        ['Ref', ref],
        ['Name', set.name!],
        ['Location / Room', placementText(fields.place ?? null)],
        ['Categories', fields.categories?.join('; ') ?? null],
        ['Tags', fields.tags?.join('; ') ?? null],
        ['Notes', set.notes!],
        ['Giver', set.giver!],
        ['Owners', set.owners!],
        ['Brand/Author', set.brand!],
        ['Model/Binding', set.model!],
        ['Year', textOf(set.year)],
        ['Value', textOf(set.value)],
        ['Currency', set.currency!],
        ['Distribution', DISTRIBUTION_TEXT[set.distribution!]],
      ];
      for (const [column, to] of shown) if (to) changes[column] = { from: null, to };
      work.push({
        planned: { ...planned, action: 'create', changes },
        importRef: ref,
        set,
        placement: placement ?? { location: null, room: null },
        ...(fields.categories?.length ? { categories: fields.categories } : {}),
        ...(fields.tags?.length ? { tags: fields.tags } : {}),
      });
      continue;
    }

    // An update: only what differs.
    const item = target;
    const set: Work['set'] = {};
    const changes: Record<string, Change> = {};
    const compare = <K extends keyof Work['set']>(key: K, column: Column, next: ItemRow[K] | undefined, show = (v: ItemRow[K]) => textOf(v)) => {
      if (next === undefined || next === item[key]) return;
      set[key] = next;
      changes[column] = { from: show(item[key]), to: show(next) };
    };
    compare('name', 'Name', fields.name);
    compare('notes', 'Notes', fields.notes);
    compare('giver', 'Giver', fields.giver);
    compare('owners', 'Owners', fields.owners);
    compare('brand', 'Brand/Author', fields.brand);
    compare('model', 'Model/Binding', fields.model);
    compare('year', 'Year', fields.year);
    compare('value', 'Value', fields.value);
    compare('currency', 'Currency', fields.currency);
    compare('distribution', 'Distribution', fields.distribution, (v) => DISTRIBUTION_TEXT[v]);
    const next: Work = { planned, target: item, set };
    if (placement && !samePlacement(placement, item)) {
      next.placement = placement;
      changes['Location / Room'] = { from: placeText(cat, item.locationId, item.roomId) || null, to: placementText(fields.place ?? null) };
    }
    const current = cat.labelsOf.get(item.id) ?? { category: [], tag: [] };
    if (fields.categories && !sameSet(fields.categories, current.category)) {
      next.categories = fields.categories;
      changes.Categories = { from: current.category.join('; ') || null, to: fields.categories.join('; ') || null };
    }
    if (fields.tags && !sameSet(fields.tags, current.tag)) {
      next.tags = fields.tags;
      changes.Tags = { from: current.tag.join('; ') || null, to: fields.tags.join('; ') || null };
    }
    if (adoptRef) {
      next.importRef = ref;
      changes.Ref = { from: null, to: ref };
    }
    const changed = Object.keys(changes).length > 0;
    next.planned = { ...planned, action: changed ? 'update' : 'unchanged', itemId: item.id, ...(changed ? { changes } : {}) };
    work.push(next);
  }
  return { format: sheet.format, ignoredColumns: sheet.ignoredColumns, work };
}

function summarize(plan: Plan, cat: Catalogue) {
  const count = (action: PlannedRow['action']) => plan.work.filter((w) => w.planned.action === action).length;
  const newLocations = new Map<string, string>();
  const newRooms = new Map<string, string>();
  const knownLabels = cat.labelNames;
  const newCategories = new Map<string, string>();
  const newTags = new Map<string, string>();
  for (const w of plan.work) {
    const p = w.placement;
    if (p?.location && 'name' in p.location) newLocations.set(lower(p.location.name), p.location.name);
    if (p?.room && 'name' in p.room) {
      const locationName = 'name' in p.location! ? p.location.name : cat.locations.find((l) => l.id === (p.location as { id: string }).id)!.name;
      newRooms.set(lower(`${locationName} / ${p.room.name}`), `${locationName} / ${p.room.name}`);
    }
    for (const n of w.categories ?? []) if (!knownLabels.category.has(lower(n))) newCategories.set(lower(n), n);
    for (const n of w.tags ?? []) if (!knownLabels.tag.has(lower(n))) newTags.set(lower(n), n);
  }
  return {
    format: plan.format,
    rows: plan.work.length,
    create: count('create'),
    update: count('update'),
    unchanged: count('unchanged'),
    error: count('error'),
    newLocations: [...newLocations.values()],
    newRooms: [...newRooms.values()],
    newCategories: [...newCategories.values()],
    newTags: [...newTags.values()],
    ignoredColumns: plan.ignoredColumns,
  };
}

export async function previewImport(ctx: AppContext, access: EstateAccess, bytes: Buffer) {
  const sheet = await readSheet(bytes);
  const cat = await loadCatalogue(ctx.db, access.estate.id);
  const plan = planRows(cat, access, sheet);
  return { rows: plan.work.map((w) => w.planned), summary: summarize(plan, cat) };
}

// ---------------------------------------------------------------------------------------------
// Applying the plan, all or nothing

const MAX_ERROR_FIELDS = 100;

function rowErrors(bad: PlannedRow[]): AppError {
  const fields: Record<string, string> = {};
  for (const r of bad) {
    for (const [column, message] of Object.entries(r.errors ?? {})) {
      if (Object.keys(fields).length < MAX_ERROR_FIELDS) fields[`row ${r.row}: ${column}`] = message;
    }
  }
  const list = bad.slice(0, 20).map((r) => r.row).join(', ');
  const more = bad.length > 20 ? ` and ${bad.length - 20} more` : '';
  const what = bad.length === 1 ? `Row ${list} has` : `Rows ${list}${more} have`;
  return new AppError('validation_failed', `${what} errors, so nothing was imported. Correct them (the preview shows each one) and import again.`, fields);
}

/** Activity rows in batches: an import of thousands of rows writes thousands of entries. */
async function recordActivities(tx: Db, events: ActivityInput[]): Promise<void> {
  for (let i = 0; i < events.length; i += 1000) {
    await tx.insert(activityEvents).values(
      events.slice(i, i + 1000).map((e) => ({
        id: newId(),
        estateId: e.estateId,
        actorId: e.actorId,
        action: e.action,
        entity: e.entity,
        entityId: e.entityId ?? null,
        field: e.field ?? null,
        from: e.from ?? null,
        to: e.to ?? null,
        visibility: e.visibility ?? 'members',
      })),
    );
  }
}

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const TRACKED_TEXT = ['name', 'notes', 'giver', 'owners', 'brand', 'model', 'year', 'value', 'currency', 'distribution'] as const;

export async function applyImport(ctx: AppContext, access: EstateAccess, bytes: Buffer) {
  const sheet = await readSheet(bytes);
  const estateId = access.estate.id;
  const actorId = access.user.id;
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const cat = await loadCatalogue(tx, estateId);
    const plan = planRows(cat, access, sheet);
    const bad = plan.work.filter((w) => w.planned.action === 'error').map((w) => w.planned);
    if (bad.length > 0) throw rowErrors(bad);
    const events: ActivityInput[] = [];

    // New locations and rooms, named by the "Location / Room" paths.
    const newLocationIds = new Map<string, string>();
    const newRoomIds = new Map<string, string>();
    const [lastLocation] = await tx.select({ p: max(locations.position) }).from(locations).where(inEstate(locations, estateId));
    let locationPosition = (lastLocation?.p ?? -1) + 1;
    const roomPositions = new Map<string, number>();
    const locationIdOf = async (loc: { id: string } | { name: string }) => {
      if ('id' in loc) return loc.id;
      let id = newLocationIds.get(lower(loc.name));
      if (!id) {
        id = newId();
        newLocationIds.set(lower(loc.name), id);
        await tx.insert(locations).values({ id, estateId, name: loc.name, position: locationPosition++, createdBy: actorId });
        events.push({ estateId, actorId, action: 'location.created', entity: 'location', entityId: id, field: 'name', to: loc.name });
      }
      return id;
    };
    const placementIds = async (p: Placement) => {
      if (!p.location) return { locationId: null, roomId: null };
      const locationId = await locationIdOf(p.location);
      if (!p.room) return { locationId, roomId: null };
      if ('id' in p.room) return { locationId, roomId: p.room.id };
      const key = `${locationId}\u0000${lower(p.room.name)}`;
      let roomId = newRoomIds.get(key);
      if (!roomId) {
        roomId = newId();
        newRoomIds.set(key, roomId);
        if (!roomPositions.has(locationId)) {
          const [last] = await tx.select({ p: max(rooms.position) }).from(rooms).where(inEstate(rooms, estateId, eq(rooms.locationId, locationId)));
          roomPositions.set(locationId, (last?.p ?? -1) + 1);
        }
        const position = roomPositions.get(locationId)!;
        roomPositions.set(locationId, position + 1);
        await tx.insert(rooms).values({ id: roomId, estateId, locationId, name: p.room.name, position, createdBy: actorId });
        events.push({ estateId, actorId, action: 'room.created', entity: 'room', entityId: roomId, field: 'name', to: p.room.name });
      }
      return { locationId, roomId };
    };

    // Places in file order, so a new location or room takes its first spelling in the file.
    const placed = new Map<Work, { locationId: string | null; roomId: string | null }>();
    for (const w of plan.work) if (w.placement && w.planned.action !== 'unchanged') placed.set(w, await placementIds(w.placement));

    // Categories and tags: create the names the estate does not have yet (case-insensitively).
    const labelIds = { category: new Map<string, string>(), tag: new Map<string, string>() };
    for (const kind of ['category', 'tag'] as const) {
      const wanted = new Map<string, string>();
      for (const w of plan.work) for (const n of (kind === 'category' ? w.categories : w.tags) ?? []) if (!wanted.has(lower(n))) wanted.set(lower(n), n);
      if (wanted.size === 0) continue;
      await insertChunked([...wanted.values()], 1000, (chunk) =>
        tx.insert(labels).values(chunk.map((name) => ({ id: newId(), estateId, kind, name }))).onConflictDoNothing(),
      );
      const rows = await tx.select({ id: labels.id, name: labels.name }).from(labels).where(inEstate(labels, estateId, eq(labels.kind, kind)));
      for (const r of rows) labelIds[kind].set(lower(r.name), r.id);
    }
    const labelLinks = (itemId: string, w: Work, kind: 'category' | 'tag') =>
      ((kind === 'category' ? w.categories : w.tags) ?? []).map((n) => ({ estateId, itemId, labelId: labelIds[kind].get(lower(n))! }));

    // Creates: numbers handed out in one step, in file order.
    const creates = plan.work.filter((w) => w.planned.action === 'create');
    if (creates.length > 0) {
      const [seq] = await tx.update(estates).set({ itemSeq: sql`${estates.itemSeq} + ${creates.length}` }).where(eq(estates.id, estateId)).returning({ n: estates.itemSeq });
      let number = seq!.n - creates.length;
      const values: (typeof items.$inferInsert)[] = [];
      const links: (typeof itemLabels.$inferInsert)[] = [];
      for (const w of creates) {
        const id = newId();
        number += 1;
        w.planned.itemId = id;
        values.push({ ...w.set, name: w.set.name!, ...placed.get(w), id, estateId, number, importRef: w.importRef ?? null, createdBy: actorId, createdAt: now, updatedAt: now });
        links.push(...labelLinks(id, w, 'category'), ...labelLinks(id, w, 'tag'));
        events.push({ estateId, actorId, action: 'item.created', entity: 'item', entityId: id, field: 'name', to: w.set.name });
      }
      await insertChunked(values, 500, (chunk) => tx.insert(items).values(chunk));
      await insertChunked(links, 2000, (chunk) => tx.insert(itemLabels).values(chunk));
    }

    // Updates: each carries the version it was planned from, so a concurrent edit is not overwritten.
    const updates = plan.work.filter((w) => w.planned.action === 'update');
    for (const w of updates) {
      const before = w.target!;
      const place = placed.get(w) ?? {};
      const [updated] = await tx
        .update(items)
        .set({ ...w.set, ...place, ...(w.importRef ? { importRef: w.importRef } : {}), version: sql`${items.version} + 1`, updatedAt: now })
        .where(inEstate(items, estateId, eq(items.id, before.id), eq(items.version, before.version)))
        .returning({ id: items.id });
      if (!updated) throw new AppError('conflict', `${itemLabel(before.number)} was changed by someone else during the import. Nothing was imported; please preview and import again.`);
      for (const kind of ['category', 'tag'] as const) {
        const names = kind === 'category' ? w.categories : w.tags;
        if (!names) continue;
        await tx.execute(sql`delete from ${itemLabels} il using ${labels} l where il.label_id = l.id and il.item_id = ${before.id} and l.kind = ${kind}`);
        const links = labelLinks(before.id, w, kind);
        if (links.length > 0) await tx.insert(itemLabels).values(links);
        events.push({ estateId, actorId, action: 'item.updated', entity: 'item', entityId: before.id, field: kind === 'category' ? 'categories' : 'tags', to: names });
      }
      const written: Partial<ItemRow> = { ...w.set, ...place, ...(w.importRef ? { importRef: w.importRef } : {}) };
      for (const field of [...TRACKED_TEXT, 'locationId', 'roomId', 'importRef'] as const) {
        if (!(field in written) || before[field] === written[field]) continue;
        events.push({ estateId, actorId, action: 'item.updated', entity: 'item', entityId: before.id, field, from: before[field], to: written[field] });
      }
    }

    const counts = { created: creates.length, updated: updates.length, unchanged: plan.work.filter((w) => w.planned.action === 'unchanged').length };
    events.push({ estateId, actorId, action: 'items.imported', entity: 'estate', entityId: estateId, field: 'import', to: { format: plan.format, ...counts } });
    await recordActivities(tx, events);
    return counts;
  });
  if (result.created + result.updated > 0) {
    await ctx.events.publish({ type: 'item', estateId, data: { change: 'imported', created: result.created, updated: result.updated } });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// QR labels

export const MAX_LABELS = 2_400;

export type LabelEntry = { itemId: string; label: string; name: string; place: string; url: string };

/** What a label's QR code opens: the item's page in the web app. */
export function itemUrl(publicUrl: string, estateId: string, itemId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/p/${estateId}/i/${itemId}`;
}

export async function labelEntries(
  ctx: AppContext,
  access: EstateAccess,
  query: { itemIds?: string[] | undefined; roomId?: string | undefined; locationId?: string | undefined },
): Promise<LabelEntry[]> {
  const estateId = access.estate.id;
  if (query.roomId) {
    const [room] = await ctx.db.select({ id: rooms.id }).from(rooms).where(inEstate(rooms, estateId, eq(rooms.id, query.roomId)));
    if (!room) throw new AppError('not_found', 'Requested room do not exist.');
  }
  if (query.locationId) {
    const [location] = await ctx.db.select({ id: locations.id }).from(locations).where(inEstate(locations, estateId, eq(locations.id, query.locationId)));
    if (!location) throw new AppError('not_found', 'Requested location do not exist.');
  }
  const conditions = [
    ...(query.itemIds ? [inArray(items.id, query.itemIds)] : []),
    ...(query.roomId ? [eq(items.roomId, query.roomId)] : []),
    ...(query.locationId ? [eq(items.locationId, query.locationId)] : []),
  ];
  const rows = await ctx.db
    .select({ id: items.id, number: items.number, name: items.name, location: locations.name, room: rooms.name })
    .from(items)
    .leftJoin(locations, eq(locations.id, items.locationId))
    .leftJoin(rooms, eq(rooms.id, items.roomId))
    .where(inEstate(items, estateId, ...conditions))
    .orderBy(asc(items.number))
    .limit(MAX_LABELS + 1);
  if (query.itemIds && rows.length < new Set(query.itemIds).size) throw notFound('Some of those items');
  if (rows.length > MAX_LABELS) {
    throw new AppError('too_large', `That is more than ${MAX_LABELS.toLocaleString('en')} labels. Please print them a room or a location at a time.`);
  }
  if (rows.length === 0) throw new AppError('validation_failed', 'There are no items to print labels for.', { roomId: 'Choose a room or items that exist.' });
  return rows.map((r) => ({
    itemId: r.id,
    label: itemLabel(r.number),
    name: r.name,
    place: r.location ? (r.room ? `${r.location} / ${r.room}` : r.location) : '',
    url: itemUrl(ctx.config.PUBLIC_URL, estateId, r.id),
  }));
}
