import type { Member } from '@oppslag/common';
import type { permissions } from '../db/schema/index';
export type PermissionRow = typeof permissions.$inferSelect;
/** A member row as seen from `viewedId`: inherited when the permission sits on an ancestor. */
export declare function presentMember(
  p: PermissionRow,
  user: {
    email: string;
    name: string | null;
  },
  viewedId: number,
  fromName: string | null,
): Member;
/** A permission as answered by the member permissions call. */
export declare const presentPermission: (p: PermissionRow) => {
  entityId: number;
  userId: number;
  role: 'owner' | 'administrator' | 'moderator';
  autoApprove: boolean;
  smsNotifications: boolean;
};
