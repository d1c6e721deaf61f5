import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { i18n } from '../shared/i18n/i18n';
import { useSession } from '../shared/session/session-context';
import { dismissNotice, getNotices, notify } from '../shared/ui/notify';
import { openEventStream, type ServerEvent } from '../shared/api/events';
import { queryKeys } from '../shared/api/query-keys';
import { HANDOVER_EVENT_KINDS, applyHandoverEvent } from '../shared/api/handover';
import { QUESTION_EVENT_KINDS, applyQuestionEvent } from '../shared/api/history';
import { applyItemEvent } from '../features/catalogue/live-updates';
import { applyChatEvent } from '../features/chat/api';

/** Keeps the stage live and shows notifications, from the server-sent event stream. */
export function EventStream() {
  const queryClient = useQueryClient();
  const { updateMe, me } = useSession();
  const meId = me?.user.id ?? null;
  useEffect(() => {
    const onEvent = (event: ServerEvent) => {
      if (event.type === 'stage' && event.data.job) {
        // Work the move set off is done (stage 90's report files): read the estate again, quietly.
        void queryClient.invalidateQueries({ queryKey: queryKeys.estate(event.data.estateId) });
      } else if (event.type === 'stage') {
        const { estateId, stage } = event.data;
        updateMe((old) => ({
          ...old,
          memberships: old.memberships.map((m) => (m.estateId === estateId ? { ...m, stage } : m)),
        }));
        // Shown at once from the event; then everything about the estate is read again.
        queryClient.setQueryData<{ stage: number; name: string }>(queryKeys.stage(estateId), (info) =>
          info ? { ...info, stage } : info,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.estate(estateId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.todos() });
        // Only the newest stage is announced: an older "moved to …" still queued would mislead.
        const prefix = i18n.t('stage.changed', { name: '' });
        for (const notice of getNotices()) if (prefix && notice.message.startsWith(prefix)) dismissNotice(notice.id);
        notify(i18n.t('stage.changed', { name: i18n.t(`stage.${stage}.name`, { ns: 'stages' }) }), 'info');
      } else if (event.type === 'other' && event.name === 'item') {
        applyItemEvent(queryClient, event.data);
      } else if (event.type === 'other' && event.name === 'chat') {
        applyChatEvent(queryClient, event.data, meId);
      } else if (event.type === 'notification') {
        const { kind, stage, dueAt, message, variant } = event.data;
        const estateId = (event.data as { estateId?: unknown }).estateId;
        if (kind === 'agreement' && typeof estateId === 'string') {
          // A new version to read, or the person's own acceptance on another device.
          void queryClient.invalidateQueries({ queryKey: queryKeys.agreements(estateId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.todos() });
        } else if (kind === 'documents' && typeof estateId === 'string') {
          void queryClient.invalidateQueries({ queryKey: queryKeys.documents(estateId) });
        } else if (kind === 'signed-in-by-link') {
          // Issue 31: another device just signed in with an emailed link; the page's notice says so.
          const { sid, at, userAgent } = event.data as { sid?: unknown; at?: unknown; userAgent?: unknown };
          if (typeof sid === 'string' && typeof at === 'string') {
            updateMe((old) => ({
              ...old,
              linkSignIns: [{ sessionId: sid, at, userAgent: typeof userAgent === 'string' ? userAgent : '' }, ...(old.linkSignIns ?? []).filter((s) => s.sessionId !== sid)],
            }));
          }
        } else if (kind === 'note-reminder') {
          const title = (event.data as { title?: unknown }).title;
          void queryClient.invalidateQueries({ queryKey: queryKeys.notes() });
          notify(i18n.t('notes:reminderNotice', { title: typeof title === 'string' ? title : '' }), 'info');
        } else if (typeof kind === 'string' && HANDOVER_EVENT_KINDS.includes(kind)) {
          applyHandoverEvent(queryClient, event.data);
        } else if (typeof kind === 'string' && QUESTION_EVENT_KINDS.includes(kind)) {
          applyQuestionEvent(queryClient, event.data);
        } else if (kind === 'deadline-reminder' && stage !== undefined && dueAt) {
          const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(dueAt));
          notify(i18n.t('notifications.deadlineReminder', { name: i18n.t(`stage.${stage}.name`, { ns: 'stages' }), date: when }), 'warning');
        } else if (message) {
          notify(message, variant ?? 'info');
        }
      }
    };
    return openEventStream(onEvent);
  }, [queryClient, updateMe, meId]);
  return null;
}
