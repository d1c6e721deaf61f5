/**
 * Role codes and access lists from the seed (sections 3 and 6). A person may hold several roles in
 * one estate. Admin (99) is installation-wide and gives no power in an estate: an administrator who
 * is a member has their membership's roles; one who is not is a support visitor (`estateRoles`),
 * who reads what every member reads and changes nothing (the policy's `support` refusal).
 */
export const Role = {
  User: 0,
  Observer: 1,
  Offspring: 2,
  Creator: 4,
  Beneficiary: 10,
  Appraiser: 20,
  Buyer: 21,
  Seller: 22,
  Trustee: 30,
  Owner: 40,
  Admin: 99,
} as const;

export type RoleCode = (typeof Role)[keyof typeof Role];

export const ROLE_CODES: readonly RoleCode[] = Object.values(Role);

/** Roles a trustee may hand out in an invitation (Admin and plain User are not estate roles). */
export const INVITABLE_ROLES: readonly RoleCode[] = [
  Role.Observer,
  Role.Offspring,
  Role.Creator,
  Role.Beneficiary,
  Role.Appraiser,
  Role.Buyer,
  Role.Seller,
  Role.Trustee,
  Role.Owner,
];

export const ROLE_KEYS: Record<RoleCode, string> = {
  0: 'user',
  1: 'observer',
  2: 'offspring',
  4: 'creator',
  10: 'beneficiary',
  20: 'appraiser',
  21: 'buyer',
  22: 'seller',
  30: 'trustee',
  40: 'owner',
  99: 'admin',
};

export function isRoleCode(value: number): value is RoleCode {
  return (ROLE_CODES as readonly number[]).includes(value);
}

/** Estate Owner has trustee rights (product.md). The administrator does not (issue 31). */
const TRUSTEE_LIKE: readonly RoleCode[] = [Role.Trustee, Role.Owner];

/**
 * The seed's access lists, without the seed's administrator in every list (the administrator runs
 * the installation and is not a trustee of its estates, api.md): `admin` only admin (the
 * installation's pages); `trustee` trustee and owner; `beneficiary` adds beneficiary; seller,
 * buyer, appraiser, observer and user allow trustees and themselves; creator and offspring allow
 * trustees, beneficiary and themselves. `member` is every code, the support visitor's 99 included:
 * what every member may read, the visitor reads too.
 */
export const ACCESS = {
  admin: [Role.Admin],
  trustee: TRUSTEE_LIKE,
  beneficiary: [...TRUSTEE_LIKE, Role.Beneficiary],
  seller: [...TRUSTEE_LIKE, Role.Seller],
  buyer: [...TRUSTEE_LIKE, Role.Buyer],
  appraiser: [...TRUSTEE_LIKE, Role.Appraiser],
  observer: [...TRUSTEE_LIKE, Role.Observer],
  user: [...TRUSTEE_LIKE, Role.User],
  creator: [...TRUSTEE_LIKE, Role.Beneficiary, Role.Creator],
  offspring: [...TRUSTEE_LIKE, Role.Beneficiary, Role.Offspring],
  member: ROLE_CODES,
} as const satisfies Record<string, readonly RoleCode[]>;

export type AccessList = keyof typeof ACCESS;

export function hasAccess(roles: readonly number[], list: AccessList): boolean {
  const allowed: readonly number[] = ACCESS[list];
  return roles.some((r) => allowed.includes(r));
}

/**
 * The roles a person acts with in an estate, on the server and in the web alike: a member's own
 * roles (the administrator's flag adds nothing to them), or for the installation's administrator
 * without a membership only Admin (99), the support visitor. Nobody else has roles there.
 */
export function estateRoles(membershipRoles: readonly number[] | null | undefined, isAdmin: boolean): number[] {
  if (membershipRoles) return membershipRoles.filter((r) => r !== Role.Admin);
  return isAdmin ? [Role.Admin] : [];
}

/** Whether these estate roles are the administrator's support visit (see `estateRoles`): read-only. */
export function isSupportVisit(roles: readonly number[]): boolean {
  return roles.includes(Role.Admin);
}

export function isTrusteeLike(roles: readonly number[]): boolean {
  return hasAccess(roles, 'trustee');
}

/** The most senior role, used for the user menu's "account type" line. */
export function primaryRole(roles: readonly number[]): RoleCode {
  const sorted = roles.filter(isRoleCode).sort((a, b) => b - a);
  return sorted[0] ?? Role.User;
}
