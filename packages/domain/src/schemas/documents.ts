/** The document vault (module `documents`): request bodies and answers. */
import { z } from 'zod';
import { ACCESS_LEVELS } from '../consent.js';
import { nameText } from './text.js';

export const accessLevelSchema = z.enum(ACCESS_LEVELS);

export const documentNameSchema = nameText(200);
export const folderNameSchema = nameText(80);

export const updateDocumentBody = z
  .strictObject({
    name: documentNameSchema.optional(),
    folderId: z.uuid().nullable().optional(),
    accessLevel: accessLevelSchema.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'validation.nothingToChange' });

export const folderBody = z.strictObject({ name: folderNameSchema });

export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  folderId: z.string().nullable(),
  contentType: z.string(),
  /** What kind of file, for the icon and the preview: pdf, image, or office. */
  kind: z.enum(['pdf', 'image', 'office']),
  size: z.number().int(),
  accessLevel: accessLevelSchema,
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EstateDocument = z.infer<typeof documentSchema>;

/** An upload (201) or a change (200): the document as it is now. */
export const documentAnswer = z.object({ document: documentSchema });
export type DocumentAnswer = z.infer<typeof documentAnswer>;

export const folderSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type DocumentFolder = z.infer<typeof folderSchema>;

export const folderAnswer = z.object({ folder: folderSchema });
export type FolderAnswer = z.infer<typeof folderAnswer>;

export const documentsAnswer = z.object({ documents: z.array(documentSchema), folders: z.array(folderSchema) });
export type DocumentsAnswer = z.infer<typeof documentsAnswer>;
