import { can, type Permission } from '@oppslag/common/permissions.ts';
import { useAtomValue } from 'jotai';
import { useEntities } from './entities';
import { ancestry } from './entities.reducer';
import { useProfile } from './profile';
import { tokenUserAtom } from './session';

/**
 * Whether the signed-in user may do something on an entity. The console asks the same pure
 * function the API enforces, only to hide what would be refused. When the API sent the user's
 * permissions on the entity, those are authoritative.
 */
export function useCan(entityId: number | null | undefined, permission: Permission): boolean {
  const user = useAtomValue(tokenUserAtom);
  const profile = useProfile();
  const { byId } = useEntities();
  if (!user) return false;
  if (user.admin) return true;
  if (entityId == null) return false;
  const entity = byId[entityId];
  if (entity?.permissions) return entity.permissions.includes(permission);
  return can(
    { id: user.id, admin: user.admin },
    permission,
    profile?.permissions ?? [],
    ancestry(byId, entityId),
  );
}

export function useIsAdmin(): boolean {
  return useAtomValue(tokenUserAtom)?.admin === true;
}
