import { expect, it } from 'vitest';
import { activityWords } from './activity-words';

it('says what an activity entry did in words, never as its code', () => {
  expect(activityWords('item.updated')).toEqual({ key: 'activity.action.updated', entity: 'activity.entity.item' });
  expect(activityWords('room.renamed')).toEqual({ key: 'activity.action.updated', entity: 'activity.entity.room' });
  expect(activityWords('location.deleted')).toEqual({ key: 'activity.action.deleted', entity: 'activity.entity.location' });
  expect(activityWords('invitation.resent')).toEqual({ key: 'activity.action.invited' });
  expect(activityWords('member.joined')).toEqual({ key: 'activity.action.joined' });
  expect(activityWords('stage.advanced')).toEqual({ key: 'activity.action.stage' });
  expect(activityWords('estate.support-opened')).toEqual({ key: 'activity.action.support' });
  expect(activityWords('draw.committed')).toEqual({ key: 'activity.action.other' });
  expect(activityWords('photo.added')).toEqual({ key: 'activity.action.other' });
});
