/**
 * Role codes and access lists from the seed (sections 3 and 6). A person may hold several roles in
 * one estate; Admin (99) is installation-wide and is treated as present in every estate.
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

/** Estate Owner has trustee rights (product.md). */
const TRUSTEE_LIKE: readonly RoleCode[] = [Role.Admin, Role.Trustee, Role.Owner];

/**
 * The seed's access lists: `admin` only admin; `trustee` admin and trustee; `beneficiary` adds
 * beneficiary; seller, buyer, appraiser, observer and user allow admin, trustee and themselves;
 * creator and offspring allow admin, trustee, beneficiary and themselves.
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

export function isTrusteeLike(roles: readonly number[]): boolean {
  return hasAccess(roles, 'trustee');
}

/** The most senior role, used for the user menu's "account type" line. */
export function primaryRole(roles: readonly number[]): RoleCode {
  const sorted = roles.filter(isRoleCode).sort((a, b) => b - a);
  return sorted[0] ?? Role.User;
}
