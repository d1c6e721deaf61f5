import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { i18n } from '../shared/i18n/i18n';
import { useSession } from '../shared/session/session-context';
import { notify } from '../shared/ui/notify';
import { openEventStream, type ServerEvent } from '../shared/api/events';

/** Keeps the stage live and shows notifications, from the server-sent event stream. */
export function EventStream() {
  const queryClient = useQueryClient();
  const { updateMe } = useSession();
  useEffect(() => {
    const onEvent = (event: ServerEvent) => {
      if (event.type === 'stage') {
        const { estateId, stage } = event.data;
        updateMe((old) => ({
          ...old,
          memberships: old.memberships.map((m) => (m.estateId === estateId ? { ...m, stage } : m)),
        }));
        void queryClient.invalidateQueries({ queryKey: ['estate', estateId, 'stage'] });
        notify(i18n.t('stage.changed', { name: i18n.t(`stage.${stage}.name`, { ns: 'stages' }) }), 'info');
      } else if (event.type === 'notification') {
        if (event.data.message) notify(event.data.message, event.data.variant ?? 'info');
      }
    };
    return openEventStream(onEvent);
  }, [queryClient, updateMe]);
  return null;
}
