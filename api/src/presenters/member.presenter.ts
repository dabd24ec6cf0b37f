import type { Member } from '@oppslag/common';
import type { permissions } from '../db/schema/index';

export type PermissionRow = typeof permissions.$inferSelect;

/** A member row as seen from `viewedId`: inherited when the permission sits on an ancestor. */
export function presentMember(
  p: PermissionRow,
  user: { email: string; name: string | null },
  viewedId: number,
  fromName: string | null,
): Member {
  const inherited = p.entityId !== viewedId;
  return {
    userId: p.userId,
    email: user.email,
    name: user.name,
    role: p.role,
    autoApprove: p.autoApprove,
    smsNotifications: p.smsNotifications,
    entityId: p.entityId,
    inherited,
    inheritedFromName: inherited ? fromName : null,
  };
}

/** A permission as answered by the member permissions call. */
export const presentPermission = (p: PermissionRow) => ({
  entityId: p.entityId,
  userId: p.userId,
  role: p.role,
  autoApprove: p.autoApprove,
  smsNotifications: p.smsNotifications,
});
