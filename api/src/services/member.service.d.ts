import { type Actor, type Member, type memberPermissionsSchema, type Role } from '@oppslag/common';
import type { z } from 'zod';
import type { Tx } from '../db/client';
import type { AppDeps } from '../deps';
import { type PermissionRow } from '../presenters/member.presenter';
/**
 * Members of an entity: direct permissions and those inherited from ancestors, one row per user.
 * A user's row is the direct permission when there is one, else the nearest ancestor's (spec §4),
 * and an inherited row names the entity it comes from so the console can send the user there.
 */
export declare function listMembers(tx: Tx, entityId: number, actor: Actor): Promise<Member[]>;
/**
 * Adds members by e-mail (superadmin; spec §6 "Add member" is admin-only). An unknown address gets
 * an account and an invitation mail; someone already a direct member gets the new role.
 */
export declare function addMembers(
  tx: Tx,
  deps: AppDeps,
  entityId: number,
  input: {
    email: string;
    role: Role;
  }[],
  actor: Actor,
): Promise<Member[]>;
/** Removes a direct member (superadmin); nobody removes themselves. */
export declare function removeMember(tx: Tx, entityId: number, userId: number, actor: Actor): Promise<void>;
export type MemberPermissionsInput = z.infer<typeof memberPermissionsSchema>;
/**
 * Toggles autoApprove and smsNotifications of a direct member (superadmin). The entity row is locked
 * first, so concurrent requests count SMS recipients one after another and the limit of 2 holds.
 */
export declare function updateMemberPermissions(
  tx: Tx,
  entityId: number,
  userId: number,
  input: MemberPermissionsInput,
  actor: Actor,
): Promise<PermissionRow>;
