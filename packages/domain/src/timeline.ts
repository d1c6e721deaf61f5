/**
 * A person's own activity as sentences (the profile's timeline). An activity entry becomes a
 * sentence key (`people:timeline.<kind>` in the web's texts) and the few values it names: the item,
 * a place, a stage, a date, a count. Nothing else of the entry is passed on: its raw values may hold
 * other people's inputs (a flag's suggested correction, a draw record, who a directive names), and a
 * sentence never does. An entry with no sentence of its own becomes `other` ("You made a change").
 */
import { itemLabel } from './item-status.js';

export type ActivityFacts = {
  action: string;
  entity: string;
  entityId: string | null;
  field: string | null;
  from: unknown;
  to: unknown;
};

/** The item an entry is about, as it is now (undefined when it was removed). */
export type ItemFacts = { number: number; name: string } | undefined;

export type Sentence = {
  kind: string;
  values: Record<string, string | number>;
  /** The item it is about, to link to (when the item still exists). */
  itemId: string | null;
};

/** Item fields whose change a sentence names (others say "changed the details of"). */
export const TIMELINE_ITEM_FIELDS = [
  'name',
  'notes',
  'locationId',
  'roomId',
  'giver',
  'owners',
  'brand',
  'model',
  'year',
  'value',
  'currency',
  'distribution',
  'status',
  'categories',
  'tags',
] as const;

/** Actions whose sentence is simply their kind, with the item when there is one. */
const SIMPLE: Record<string, string> = {
  'estate.created': 'estateCreated',
  'member.joined': 'joined',
  'member.roles-added': 'rolesAdded',
  'invitation.created': 'invited',
  'item.created': 'itemCreated',
  'item.deleted': 'itemDeleted',
  'item.approved': 'approved',
  'item.flagged': 'flagged',
  'flag.accepted': 'flagAccepted',
  'flag.rejected': 'flagRejected',
  'flag.edited': 'flagEdited',
  'interest.added': 'interestAdded',
  'interest.removed': 'interestRemoved',
  'tokens.set': 'tokensSet',
  'directive.created': 'directiveCreated',
  'directive.removed': 'directiveRemoved',
  'return.created': 'returnCreated',
  'return.removed': 'returnRemoved',
  'photo.added': 'photoAdded',
  'photo.removed': 'photoRemoved',
  'story.added': 'storyAdded',
  'story.removed': 'storyRemoved',
  'rooms.reordered': 'roomsReordered',
  'draw.records-published': 'recordsPublished',
  'estate.setting-changed': 'settingChanged',
  'high-interest.recommended': 'highInterestRecommended',
  'member.roles-changed': 'memberRolesChanged',
  'member.disabled': 'memberDisabled',
  'member.enabled': 'memberEnabled',
  'invitation.resent': 'invitationResent',
  'profile.avatar-changed': 'avatarChanged',
  'agreement.published': 'agreementPublished',
  'handover.updated': 'handoverUpdated',
  'handover.received': 'handoverReceived',
  'disposition.set': 'dispositionSet',
  'disposition.sold': 'dispositionSold',
  'disposition.appraised': 'dispositionAppraised',
  'document.added': 'documentAdded',
  'document.updated': 'documentUpdated',
  'document.deleted': 'documentDeleted',
  'items.imported': 'itemsImported',
  'reports.generated': 'reportsGenerated',
  'archive.download': 'archiveDownloaded',
  'question.asked': 'questionAsked',
  'question.answered': 'questionAnswered',
  'estate.support-opened': 'supportOpened',
};

/** The documents a person accepts (terms of use, the estate agreement): named by their key. */
const AGREEMENTS = new Set(['terms', 'agreement']);

/** Actions that are the same thing said twice (a step's undo keeps its record apart): not shown. */
const HIDDEN = new Set(['step.undone-record']);

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stage code from "stage.11", "deadline.20", "inputs.30", a number, or `{code}`. */
function stageOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string') {
    const match = /(\d{1,2})$/.exec(value);
    return match ? Number(match[1]) : undefined;
  }
  if (value && typeof value === 'object' && 'code' in value) return stageOf(value.code);
  return undefined;
}

/** "A-0012 Brass lamp", from the item as it is now or, when removed, the name the entry kept. */
function itemText(event: ActivityFacts, item: ItemFacts): string {
  if (item) return `${itemLabel(item.number)} ${item.name}`;
  if (event.action === 'item.created') return asText(event.to);
  if (event.action === 'item.deleted') return asText(event.from);
  return '';
}

/** The sentence for one of the person's own activity entries, or undefined when it is not shown. */
export function timelineSentence(event: ActivityFacts, item: ItemFacts): Sentence | undefined {
  if (HIDDEN.has(event.action)) return undefined;
  const itemId = event.entity === 'item' && item ? event.entityId : null;
  const about: Record<string, string> = event.entity === 'item' ? { item: itemText(event, item) } : {};
  const say = (kind: string, values: Record<string, string | number> = {}): Sentence => ({
    kind,
    values: { ...about, ...values },
    itemId,
  });
  const simple = SIMPLE[event.action];
  if (simple) return say(simple);
  const stage = stageOf(event.field);
  switch (event.action) {
    case 'agreement.accepted':
      return AGREEMENTS.has(event.entityId ?? '') ? say('agreementAccepted', { document: event.entityId ?? '' }) : say('other');
    case 'estate.renamed':
      return say('estateRenamed', { name: asText(event.to) });
    case 'item.updated': {
      if (event.field === 'highInterest') return say(event.to === true ? 'highInterestSet' : 'highInterestCleared');
      const field = (TIMELINE_ITEM_FIELDS as readonly string[]).includes(event.field ?? '') ? event.field! : 'details';
      return say('itemUpdated', { field });
    }
    case 'item.reassigned':
      // Who it goes to now is named where the reader may know it (an item's history), not here.
      return say(event.to === null ? 'itemReassignedNobody' : 'itemReassigned');
    case 'item.approved-all':
      return say('approvedAll', { count: typeof event.to === 'number' ? event.to : 0 });
    case 'ranking.set':
      return say('rankingSet', { count: Array.isArray(event.to) ? event.to.length : 0 });
    case 'participation.done':
      return stage === undefined ? say('other') : say('done', { stage });
    case 'location.created':
    case 'location.deleted':
    case 'room.created':
    case 'room.deleted': {
      const [thing, verb] = event.action.split('.') as [string, string];
      const name = asText(verb === 'created' ? event.to : event.from);
      return say(`${thing}${verb === 'created' ? 'Created' : 'Deleted'}`, { name });
    }
    case 'location.renamed':
    case 'room.renamed':
      return say(event.action === 'room.renamed' ? 'roomRenamed' : 'locationRenamed', { from: asText(event.from), name: asText(event.to) });
    case 'room.moved':
      return say('roomMoved');
    case 'stage.advanced':
    case 'stage.stepped-back': {
      const to = stageOf(event.to);
      if (to === undefined) return say('other');
      return say(event.action === 'stage.advanced' ? 'stageAdvanced' : 'stageSteppedBack', { stage: to });
    }
    case 'deadline.set': {
      const due = event.to && typeof event.to === 'object' ? asText((event.to as { dueAt?: unknown }).dueAt) : '';
      return stage === undefined ? say('other') : say('deadlineSet', { stage, date: due });
    }
    case 'deadline.removed':
      return stage === undefined ? say('other') : say('deadlineRemoved', { stage });
    case 'deadline.passed':
      return stage === undefined ? say('other') : say('deadlinePassed', { stage });
    case 'inputs.sealed':
    case 'inputs.resealed':
    case 'inputs.reopened':
      return stage === undefined ? say('other') : say(`inputs${event.action.slice('inputs.'.length).replace(/^./, (c) => c.toUpperCase())}`, { stage });
    case 'step.previewed':
    case 'step.ran':
    case 'step.undone':
    case 'draw.entropy-set':
    case 'draw.committed': {
      const step = stageOf(event.entityId);
      const kinds: Record<string, string> = {
        'step.previewed': 'stepPreviewed',
        'step.ran': 'stepRan',
        'step.undone': 'stepUndone',
        'draw.entropy-set': 'entropySet',
        'draw.committed': 'drawCommitted',
      };
      return step === undefined ? say('other') : say(kinds[event.action]!, { stage: step });
    }
    default:
      return say('other');
  }
}
