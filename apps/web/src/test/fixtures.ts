import type { Me } from '@estate/domain/schemas/account';
import { DEFAULT_SETTINGS } from '@estate/domain/settings';

type Options = {
  roles?: number[];
  isAdmin?: boolean;
  accountStatus?: Me['user']['accountStatus'];
  loginStatus?: Me['user']['loginStatus'];
  withEstate?: boolean;
  stage?: number;
};

/** A /api/me answer, with overrides. */
export function makeMe({
  roles = [10],
  isAdmin = false,
  accountStatus = 'active',
  loginStatus = 'ok',
  withEstate = true,
  stage = 1,
}: Options = {}): Me {
  return {
    user: {
      id: 'u1',
      firstName: 'Ann',
      lastName: 'Lee',
      displayName: 'Ann Lee',
      email: 'ann@example.com',
      emailConfirmed: true,
      isAdmin,
      accountStatus,
      loginStatus,
      createdAt: '2026-01-02T10:00:00.000Z',
    },
    memberships: withEstate ? [{ estateId: 'e1', estateName: 'Smith Estate', roles, stage }] : [],
    settings: { ...DEFAULT_SETTINGS, currentEstateId: withEstate ? 'e1' : null },
  };
}
