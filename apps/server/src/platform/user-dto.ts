import type { User } from '@estate/domain/schemas/account';
import type { UserRow } from './auth.js';

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    emailConfirmed: row.emailConfirmedAt !== null,
    isAdmin: row.isAdmin,
    accountStatus: row.accountStatus,
    loginStatus: row.loginStatus,
    createdAt: row.createdAt.toISOString(),
  };
}
