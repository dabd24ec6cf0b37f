import type { Role, User } from '@oppslag/common';
import type { users } from '../db/schema/index';

type UserRow = typeof users.$inferSelect;

/**
 * The only way a user leaves the API: the password hash and token version never do. Language is
 * narrowed to the known ones so an odd stored value cannot break the console's i18n.
 */
export function presentUser(row: UserRow, permissions?: { entityId: number; role: Role }[]): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneNumber !== null && row.phoneVerifiedAt !== null,
    language: row.language === 'en' ? 'en' : 'no',
    admin: row.admin,
    ...(permissions ? { permissions: permissions.map((p) => ({ entityId: p.entityId, role: p.role })) } : {}),
  };
}

/** The claims a console token carries about its user (spec §3: a user with email and id). */
export function tokenUserOf(row: UserRow) {
  return { id: row.id, email: row.email, name: row.name, admin: row.admin, language: row.language };
}
