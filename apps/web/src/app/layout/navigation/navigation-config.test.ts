import { describe, expect, it } from 'vitest';
import {
  buildNavigation,
  containsActive,
  filterNavigation,
  flattenNavigation,
  searchPages,
  type NavItem,
} from './navigation-config';
import { navIndent } from '../../../shared/theme/layout-constants';
import type { StageCode } from '@estate/domain/stages';

const ids = (items: NavItem[]) => flattenNavigation(items).map((item) => item.id);
const groups = (items: NavItem[]) => items.map((item) => item.id);
/** The menu for these roles in estate e1 at `stage` (no estate: no actor, as for a guest). */
const nav = (roles: number[], estateId: string | null = 'e1', stage: StageCode = 11) =>
  filterNavigation(buildNavigation({ estateId }), roles, estateId && roles.length > 0 ? { roles, stage } : null);

/** [who, roles (signed in = 0 plus the estate's roles, admins add 99), stage, visible pages, hidden pages] */
const TABLE: [string, number[], StageCode, string[], string[]][] = [
  ['guest', [], 11, ['documentation'], ['assets', 'todo', 'analytics', 'admin-users', 'lessons', 'my-items']],
  [
    'beneficiary',
    [0, 10],
    11,
    ['assets', 'locations', 'members', 'my-items', 'todo', 'lessons'],
    ['reports', 'analytics', 'accounts', 'admin-users'],
  ],
  ['beneficiary once results are published', [0, 10], 40, ['my-items', 'reports', 'questions'], ['trustee-reports']],
  // Questions on results open with the results: before, the menu does not offer an empty page.
  ['trustee before the results', [0, 30], 31, ['activity'], ['questions']],
  ['trustee once results are published', [0, 30], 40, ['activity', 'questions'], []],
  ['observer after the wrap-up', [0, 1], 99, ['questions'], []],
  ['observer', [0, 1], 11, ['assets', 'reports', 'analytics'], ['accounts', 'my-items']],
  ['offspring', [0, 2], 11, ['assets', 'todo', 'my-items'], ['reports', 'analytics']],
  ['asset creator', [0, 4], 1, ['assets', 'locations'], ['reports', 'control', 'my-items']],
  [
    'trustee',
    [0, 30],
    11,
    ['assets', 'reports', 'analytics', 'control', 'trustee-reports', 'accounts'],
    ['admin-users', 'admin-outbox', 'my-items'],
  ],
  ['trustee who is also a beneficiary', [0, 30, 10], 11, ['control', 'my-items'], []],
  ['estate owner', [0, 40], 11, ['analytics', 'accounts'], ['admin-users', 'my-items']],
  // The administrator's flag opens the installation's pages only; in an estate it is no trustee (issue 31).
  ['the administrator visiting an estate to help (not a member)', [0, 99], 11, ['assets', 'members', 'admin-users', 'admin-outbox'], ['analytics', 'accounts', 'control', 'trustee-reports', 'my-items']],
  ['the administrator who is a beneficiary', [0, 10, 99], 11, ['assets', 'admin-users'], ['analytics', 'accounts', 'control']],
  ['trustee of a closed estate (the pages still read)', [0, 30], 99, ['control', 'accounts', 'trustee-reports', 'handover'], []],
];

describe('navigation filtered by role and by the policy', () => {
  it.each(TABLE)('%s', (_who, roles, stage, visible, hidden) => {
    const shown = ids(nav(roles, 'e1', stage));
    for (const id of visible) expect(shown, `${id} should show`).toContain(id);
    for (const id of hidden) expect(shown, `${id} should not show`).not.toContain(id);
  });

  it('shows the Trustee group only to trustee-like roles', () => {
    expect(groups(nav([0, 10]))).not.toContain('trustee');
    expect(groups(nav([0, 30]))).toContain('trustee');
    expect(groups(nav([0, 40]))).toContain('trustee');
  });

  it('drops groups left empty, and estate pages when there is no estate', () => {
    expect(groups(nav([]))).toEqual(['help']);
    const noEstate = ids(nav([0], null));
    expect(noEstate).toContain('assets');
    expect(noEstate).not.toContain('locations');
    expect(noEstate).not.toContain('members');
  });

  it('points Locations at the current estate', () => {
    expect(flattenNavigation(nav([0, 10])).find((item) => item.id === 'locations')?.url).toBe('/p/e1/l');
  });

  it('opens a collapse whose child matches the path', () => {
    const learn = nav([0, 10])
      .find((g) => g.id === 'help')
      ?.children?.find((c) => c.id === 'learn');
    expect(learn && containsActive(learn, '/faq')).toBe(true);
    expect(learn && containsActive(learn, '/members')).toBe(false);
  });

  it('shows a badge only for a positive count', () => {
    const items = filterNavigation(
      buildNavigation({ estateId: 'e1', counts: { todo: 3, reports: 0 } }),
      [0, 10],
      { roles: [0, 10], stage: 40 },
    );
    const flat = flattenNavigation(items);
    expect(flat.find((item) => item.id === 'todo')?.badge).toEqual({ title: 3 });
    expect(flat.find((item) => item.id === 'reports')?.badge).toBeUndefined();
  });
});

describe('navigation search', () => {
  const pages: NavItem[] = Array.from({ length: 14 }, (_, i) => ({
    id: `p${i}`,
    type: 'item',
    title: `Page ${i}`,
    url: `/x${i}`,
  }));
  const title = (item: NavItem) => item.title ?? '';

  it('suggests at most 10 matches', () => {
    expect(searchPages(pages, 'page', title)).toHaveLength(10);
  });

  it('matches case-insensitively and finds nothing for a miss', () => {
    expect(searchPages(pages, 'PAGE 1', title).map((p) => p.id)).toEqual(['p1', 'p10', 'p11', 'p12', 'p13']);
    expect(searchPages(pages, 'zebra', title)).toEqual([]);
    expect(searchPages(pages, '  ', title)).toEqual([]);
  });
});

describe('nested indent', () => {
  it('is 40 plus 16 per level, capped at 80', () => {
    expect([navIndent(1), navIndent(2), navIndent(3), navIndent(6)]).toEqual([56, 72, 80, 80]);
  });
});

describe('questions on results (issue 30)', () => {
  it('badges “Questions on results” with the questions waiting for an answer, and nothing at zero', () => {
    const find = (questions: number) => flattenNavigation(buildNavigation({ estateId: 'e1', counts: { questions } })).find((p) => p.id === 'questions');
    expect(find(2)?.badge?.title).toBe(2);
    expect(find(0)?.badge).toBeUndefined();
  });
});
