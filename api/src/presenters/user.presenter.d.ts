import type { Role, User } from '@oppslag/common';
import type { users } from '../db/schema/index';

type UserRow = typeof users.$inferSelect;
/**
 * The only way a user leaves the API: the password hash and token version never do. Language is
 * narrowed to the known ones so an odd stored value cannot break the console's i18n.
 */
export declare function presentUser(
  row: UserRow,
  permissions?: {
    entityId: number;
    role: Role;
  }[],
): User;
/** The claims a console token carries about its user (spec §3: a user with email and id). */
export declare function tokenUserOf(row: UserRow): {
  id: number;
  email: string;
  name: string | null;
  admin: boolean;
  language: string;
};
