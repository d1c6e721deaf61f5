/**
 * An activity entry's action code (`item.updated`, `stage.advanced`, …) as the plain sentence the
 * support view shows: who did what kind of thing to what kind of thing, never the code itself.
 * Codes with no sentence of their own say that the person made a change.
 */
export type ActivityWords = { key: string; entity?: string };

const ENTITIES = new Set(['estate', 'item', 'location', 'room', 'member', 'invitation']);
const VERBS: Record<string, 'created' | 'updated' | 'deleted'> = {
  created: 'created',
  added: 'created',
  updated: 'updated',
  renamed: 'updated',
  moved: 'updated',
  'setting-changed': 'updated',
  'roles-changed': 'updated',
  disabled: 'updated',
  enabled: 'updated',
  deleted: 'deleted',
  removed: 'deleted',
};

export function activityWords(action: string): ActivityWords {
  const [entity = '', verb = ''] = action.split('.');
  if (entity === 'invitation') return { key: 'activity.action.invited' };
  if (action === 'member.joined') return { key: 'activity.action.joined' };
  // The administrator's support visit (the family reads it in the estate's log too).
  if (action === 'estate.support-opened') return { key: 'activity.action.support' };
  if (entity === 'stage') return { key: 'activity.action.stage' };
  const kind = VERBS[verb];
  if (kind && ENTITIES.has(entity)) return { key: `activity.action.${kind}`, entity: `activity.entity.${entity}` };
  return { key: 'activity.action.other' };
}
