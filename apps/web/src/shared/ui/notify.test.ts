import { afterEach, describe, expect, it } from 'vitest';
import { dismissNotice, getNotices, notify } from './notify';

afterEach(() => {
  for (const n of getNotices()) dismissNotice(n.id);
});

describe('snackbar queue', () => {
  it('lets news give way to a newer message, and keeps other messages in order', () => {
    notify('The estate has moved on', 'info');
    notify('Public randomness recorded.', 'success');
    expect(getNotices().map((n) => n.message)).toEqual(['Public randomness recorded.']);
    notify('Could not save', 'error');
    expect(getNotices().map((n) => n.message)).toEqual(['Public randomness recorded.', 'Could not save']);
  });

  it('shows the same message once', () => {
    notify('Saved', 'success');
    notify('Saved', 'success');
    expect(getNotices()).toHaveLength(1);
  });
});
