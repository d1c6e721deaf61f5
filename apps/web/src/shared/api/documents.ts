/**
 * The estate's document vault, as every feature needs it: the documents the caller may see, and
 * opening one (a download, or a PDF or picture shown by the browser). The vault's own pages are in
 * features/documents; a directive names a document and its page opens it from here.
 */
import { useQuery } from '@tanstack/react-query';
import type { DocumentsAnswer, EstateDocument } from '@estate/domain/schemas/documents';
import { previewable } from '@estate/domain/consent';
import { api, apiFile, saveFile } from './client';
import { queryKeys } from './query-keys';

export const documentsBase = (estateId: string) => `/api/estates/${encodeURIComponent(estateId)}/documents`;

export function useDocuments(estateId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: queryKeys.documents(estateId ?? null),
    queryFn: () => api<DocumentsAnswer>(documentsBase(estateId ?? '')),
    enabled: Boolean(estateId) && enabled,
  });
}

/** The file's name for the downloads folder: the document's name with its type's extension. */
export function downloadName(doc: Pick<EstateDocument, 'name' | 'contentType'>, extension: string): string {
  return doc.name.toLowerCase().endsWith(`.${extension}`) ? doc.name : `${doc.name}.${extension}`;
}

/** Fetches the file with the person's session (never a link that works without it). */
export async function fetchDocument(estateId: string, documentId: string): Promise<{ blob: Blob; fileName: string }> {
  return apiFile(`${documentsBase(estateId)}/${encodeURIComponent(documentId)}/file`, 'document');
}

/** Saves the file to the device. */
export async function downloadDocument(estateId: string, doc: EstateDocument): Promise<void> {
  saveFile(await fetchDocument(estateId, doc.id));
}

/**
 * Opens a PDF or a picture in a new tab, where the browser shows it (anything else downloads).
 * The tab is opened at once, while the tap still counts, and given the file when it arrives.
 */
export async function openDocument(estateId: string, doc: EstateDocument): Promise<void> {
  if (!previewable(doc.contentType)) return downloadDocument(estateId, doc);
  const tab = window.open('', '_blank');
  try {
    const { blob } = await fetchDocument(estateId, doc.id);
    const url = URL.createObjectURL(new Blob([blob], { type: doc.contentType }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
