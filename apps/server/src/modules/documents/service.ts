/**
 * The document vault: the will, the trust deed, appraisals and receipts. Trustees upload; every
 * member sees the documents up to their access level (below it a document does not exist for them:
 * 404, as for an unknown one). The type is read from the bytes; the bytes are stored through the
 * storage interface (content-addressed) and are always served as a download, never run by the
 * browser.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { documentKind, documentTypeOf, visibleLevels, type AccessLevel } from '@estate/domain/consent';
import type { folderBody, updateDocumentBody } from '@estate/domain/schemas/documents';
import { stripBidiControls } from '@estate/domain/schemas/text';
import { DOCUMENT_LIMITS, PHOTO_LIMITS } from '@estate/domain/uploads';
import { documentFolders, documents, users } from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { recordActivity } from '../../platform/activity.js';
import type { EstateAccess } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, says } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { inEstate } from '../../platform/tenancy.js';

type DocumentRow = typeof documents.$inferSelect;

const documentNotFound = () => new AppError('not_found', says('documents.notFound'));
const folderNotFound = () => new AppError('not_found', says('documents.folderNotFound'));

function dto(row: DocumentRow, names: Map<string, string>) {
  return {
    id: row.id,
    name: row.name,
    folderId: row.folderId,
    contentType: row.contentType,
    kind: documentKind(row.contentType),
    size: row.size,
    accessLevel: row.accessLevel,
    uploadedBy: row.uploadedBy,
    uploadedByName: row.uploadedBy ? (names.get(row.uploadedBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function uploaderNames(db: Db, rows: DocumentRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.uploadedBy).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
}

const folderDto = (row: typeof documentFolders.$inferSelect) => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString() });

/** What the caller may see: documents up to their level; folders that hold one (trustees: all folders). */
export async function listDocuments(ctx: AppContext, access: EstateAccess) {
  const estateId = access.estate.id;
  const levels = visibleLevels(access.roles);
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(inEstate(documents, estateId, inArray(documents.accessLevel, levels)))
    .orderBy(asc(documents.name), asc(documents.createdAt));
  const folders = await ctx.db.select().from(documentFolders).where(inEstate(documentFolders, estateId)).orderBy(asc(documentFolders.name));
  const seesAll = levels.includes('trustees');
  const used = new Set(rows.map((r) => r.folderId));
  const names = await uploaderNames(ctx.db, rows);
  return {
    documents: rows.map((r) => dto(r, names)),
    // A folder's name could say what is in it: members see only the folders they find something in.
    folders: folders.filter((f) => seesAll || used.has(f.id)).map(folderDto),
  };
}

/** One document the caller may see (404 otherwise, exactly as for a document that does not exist). */
async function visibleDocument(db: Db, access: EstateAccess, documentId: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(inEstate(documents, access.estate.id, eq(documents.id, documentId), inArray(documents.accessLevel, visibleLevels(access.roles))));
  if (!row) throw documentNotFound();
  return row;
}

async function requireFolder(db: Db, estateId: string, folderId: string, field = false) {
  const [row] = await db.select().from(documentFolders).where(inEstate(documentFolders, estateId, eq(documentFolders.id, folderId)));
  if (!row) {
    if (field) throw new AppError('validation_failed', says('documents.folderNotFound'), { folderId: says('documents.folderField') });
    throw folderNotFound();
  }
  return row;
}

/** The name a document is shown under: the uploaded file's name, without folders or its extension. */
function displayName(fileName: string): string {
  const base = stripBidiControls(fileName).split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    // Control characters (a tab, a line break) become spaces.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (cleaned || 'Document').slice(0, 200);
}

/**
 * Photos and scans lose their hidden metadata (GPS position, camera, author) as item photos do:
 * re-encoded upright, in their own format, at a quality that keeps small print readable.
 */
async function withoutMetadata(bytes: Buffer, contentType: string): Promise<Buffer> {
  if (contentType !== 'image/jpeg' && contentType !== 'image/png' && contentType !== 'image/webp') return bytes;
  const { default: sharp } = await import('sharp'); // loaded on first use: a fast cold start (ADR 0020)
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: PHOTO_LIMITS.megapixels * 1_000_000 }).rotate();
    if (contentType === 'image/jpeg') return await image.jpeg({ quality: 95 }).toBuffer();
    if (contentType === 'image/png') return await image.png().toBuffer();
    return await image.webp({ quality: 95 }).toBuffer();
  } catch {
    throw new AppError('unsupported_type', says('documents.unsupportedType'), { file: says('documents.chooseFile') });
  }
}

export type Upload = { bytes: Buffer; fileName: string; accessLevel: AccessLevel; folderId: string | null };

export async function addDocument(ctx: AppContext, access: EstateAccess, upload: Upload) {
  const estateId = access.estate.id;
  const sniffed = await fileTypeFromBuffer(upload.bytes);
  const type = documentTypeOf(sniffed?.mime, upload.fileName);
  if (!type) throw new AppError('unsupported_type', says('documents.unsupportedType'), { file: says('documents.unsupportedType') });
  const bytes = await withoutMetadata(upload.bytes, type.contentType);
  if (upload.folderId) await requireFolder(ctx.db, estateId, upload.folderId, true);
  const storageKey = await ctx.storage.put(bytes);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(documents).where(inEstate(documents, estateId));
    if ((held?.n ?? 0) >= DOCUMENT_LIMITS.perEstate) throw new AppError('conflict', says('documents.tooMany', { limit: DOCUMENT_LIMITS.perEstate }));
    const [inserted] = await tx
      .insert(documents)
      .values({
        id: newId(),
        estateId,
        folderId: upload.folderId,
        name: displayName(upload.fileName),
        contentType: type.contentType,
        extension: type.extension,
        size: bytes.length,
        storageKey,
        accessLevel: upload.accessLevel,
        uploadedBy: access.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Document names can say a lot (a codicil, a dispute): the log keeps them for trustees and observers.
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'document.added', entity: 'document', entityId: inserted!.id, to: { name: inserted!.name, accessLevel: inserted!.accessLevel }, visibility: 'trustees' });
    return inserted!;
  });
  await announce(ctx, estateId);
  return dto(row, await uploaderNames(ctx.db, [row]));
}

/** The bytes and how to serve them: inline only for a PDF or an image, and only when asked. */
export async function readDocument(ctx: AppContext, access: EstateAccess, documentId: string) {
  const row = await visibleDocument(ctx.db, access, documentId);
  const bytes = await ctx.storage.get(row.storageKey);
  if (!bytes) throw documentNotFound();
  const fileName = row.name.toLowerCase().endsWith(`.${row.extension}`) ? row.name : `${row.name}.${row.extension}`;
  return { bytes, contentType: row.contentType, fileName };
}

export async function updateDocument(ctx: AppContext, access: EstateAccess, documentId: string, body: z.infer<typeof updateDocumentBody>) {
  const estateId = access.estate.id;
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(documents).where(inEstate(documents, estateId, eq(documents.id, documentId))).for('update');
    if (!before) throw documentNotFound();
    if (body.folderId) await requireFolder(tx, estateId, body.folderId, true);
    const [after] = await tx
      .update(documents)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.folderId !== undefined ? { folderId: body.folderId } : {}),
        ...(body.accessLevel !== undefined ? { accessLevel: body.accessLevel } : {}),
        updatedAt: ctx.now(),
      })
      .where(inEstate(documents, estateId, eq(documents.id, documentId)))
      .returning();
    for (const field of ['name', 'folderId', 'accessLevel'] as const) {
      if (before[field] !== after![field]) {
        await recordActivity(tx, { estateId, actorId: access.user.id, action: 'document.updated', entity: 'document', entityId: documentId, field, from: before[field], to: after![field], visibility: 'trustees' });
      }
    }
    return after!;
  });
  await announce(ctx, estateId);
  return dto(row, await uploaderNames(ctx.db, [row]));
}

/** Deletes the row; the file leaves the disk with the hourly sweep once nothing refers to it. */
export async function deleteDocument(ctx: AppContext, access: EstateAccess, documentId: string) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(documents).where(inEstate(documents, estateId, eq(documents.id, documentId))).returning();
    if (!gone) throw documentNotFound();
    await recordActivity(tx, { estateId, actorId: access.user.id, action: 'document.deleted', entity: 'document', entityId: documentId, from: { name: gone.name }, visibility: 'trustees' });
  });
  await announce(ctx, estateId);
}

export async function createFolder(ctx: AppContext, access: EstateAccess, body: z.infer<typeof folderBody>) {
  const estateId = access.estate.id;
  const row = await ctx.db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(documentFolders).where(inEstate(documentFolders, estateId));
    if ((held?.n ?? 0) >= DOCUMENT_LIMITS.folders) throw new AppError('conflict', says('documents.tooManyFolders', { limit: DOCUMENT_LIMITS.folders }));
    const [inserted] = await tx.insert(documentFolders).values({ id: newId(), estateId, name: body.name, createdAt: ctx.now() }).returning();
    return inserted!;
  });
  await announce(ctx, estateId);
  return folderDto(row);
}

export async function renameFolder(ctx: AppContext, access: EstateAccess, folderId: string, body: z.infer<typeof folderBody>) {
  const estateId = access.estate.id;
  const [row] = await ctx.db.update(documentFolders).set({ name: body.name }).where(inEstate(documentFolders, estateId, eq(documentFolders.id, folderId))).returning();
  if (!row) throw folderNotFound();
  await announce(ctx, estateId);
  return folderDto(row);
}

/** Deletes a folder; its documents stay, at the top level of the vault. */
export async function deleteFolder(ctx: AppContext, access: EstateAccess, folderId: string) {
  const estateId = access.estate.id;
  await ctx.db.transaction(async (tx) => {
    await tx.update(documents).set({ folderId: null }).where(inEstate(documents, estateId, eq(documents.folderId, folderId)));
    const gone = await tx.delete(documentFolders).where(inEstate(documentFolders, estateId, eq(documentFolders.id, folderId))).returning({ id: documentFolders.id });
    if (gone.length === 0) throw folderNotFound();
  });
  await announce(ctx, estateId);
}

/** Whether a document of this estate exists (any level): a directive may name only such a document. */
export async function documentInEstate(db: Db, estateId: string, documentId: string): Promise<boolean> {
  const [row] = await db.select({ id: documents.id }).from(documents).where(inEstate(documents, estateId, eq(documents.id, documentId)));
  return Boolean(row);
}

/** Open vault pages reload their list (no names travel: the list is read with the reader's rights). */
async function announce(ctx: AppContext, estateId: string) {
  await ctx.events.publish({ type: 'notification', estateId, data: { kind: 'documents' } });
}

