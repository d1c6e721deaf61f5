import { describe, expect, it } from 'vitest';
import { Role, hasAccess, primaryRole } from './roles.js';

describe('seed access lists', () => {
  it.each([
    ['admin', [Role.Admin], true],
    ['admin', [Role.Trustee], false],
    ['trustee', [Role.Admin], false],
    ['beneficiary', [Role.Admin], false],
    ['observer', [Role.Admin], false],
    ['member', [Role.Admin], true],
    ['trustee', [Role.Owner], true],
    ['beneficiary', [Role.Trustee], true],
    ['beneficiary', [Role.Creator], false],
    ['creator', [Role.Beneficiary], true],
    ['creator', [Role.Creator], true],
    ['offspring', [Role.Offspring], true],
    ['observer', [Role.Beneficiary], false],
    ['seller', [Role.Seller], true],
  ] as const)('%s allows %j: %s', (list, roles, expected) => {
    expect(hasAccess(roles, list)).toBe(expected);
  });

  it('picks the most senior role for display', () => {
    expect(primaryRole([Role.Beneficiary, Role.Trustee])).toBe(Role.Trustee);
    expect(primaryRole([])).toBe(Role.User);
  });
});
