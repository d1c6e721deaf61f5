import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessLevel } from '@estate/domain/consent';
import type { DocumentAnswer, FolderAnswer } from '@estate/domain/schemas/documents';
import { api } from '../../shared/api/client';
import { documentsBase } from '../../shared/api/documents';
import { queryKeys } from '../../shared/api/query-keys';

function useVaultMutation<V, R>(estateId: string, send: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents(estateId) }),
  });
}

export type UploadVars = { file: File; accessLevel: AccessLevel; folderId: string | null };

export function useUpload(estateId: string) {
  return useVaultMutation(estateId, ({ file, accessLevel, folderId }: UploadVars) => {
    const form = new FormData();
    // The fields first, then the file (the server reads them in any order).
    form.append('accessLevel', accessLevel);
    if (folderId) form.append('folderId', folderId);
    form.append('file', file);
    return api<DocumentAnswer>(documentsBase(estateId), { method: 'POST', body: form });
  });
}

export type DocumentChange = { name?: string; folderId?: string | null; accessLevel?: AccessLevel };

export function useUpdateDocument(estateId: string) {
  return useVaultMutation(estateId, ({ id, change }: { id: string; change: DocumentChange }) =>
    api<DocumentAnswer>(`${documentsBase(estateId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
  );
}

export function useDeleteDocument(estateId: string) {
  return useVaultMutation(estateId, (id: string) => api<void>(`${documentsBase(estateId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

export function useSaveFolder(estateId: string) {
  return useVaultMutation(estateId, ({ id, name }: { id?: string; name: string }) =>
    id
      ? api<FolderAnswer>(`${documentsBase(estateId)}/folders/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } })
      : api<FolderAnswer>(`${documentsBase(estateId)}/folders`, { method: 'POST', body: { name } }),
  );
}

export function useDeleteFolder(estateId: string) {
  return useVaultMutation(estateId, (id: string) => api<void>(`${documentsBase(estateId)}/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}
