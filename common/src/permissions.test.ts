import { describe, expect, it } from 'vitest';
import { can, effectiveRole, type Grant, permissionsOn } from './permissions';

// A chain: display 4 under group 3 under organization 2 under the system root 1.
const CHAIN = [4, 3, 2, 1];
const user = { id: 10, admin: false };

/** Spec §6, typed in: what each role may do (never read back from ROLE_PERMISSIONS). */
const EXPECTED = {
  moderator: ['read', 'moderate_content'],
  administrator: ['read', 'moderate_content', 'create_entity', 'edit_entity'],
  owner: ['read', 'moderate_content', 'create_entity', 'edit_entity', 'delete_entity'],
};

describe('effectiveRole', () => {
  it('is the strongest role along the chain, wherever on it each grant sits and in any order', () => {
    const pairs: [Grant[], string][] = [
      [
        [
          { entityId: 2, role: 'moderator' },
          { entityId: 3, role: 'owner' },
        ],
        'owner',
      ],
      [
        [
          { entityId: 2, role: 'owner' },
          { entityId: 3, role: 'moderator' },
        ],
        'owner',
      ],
      [
        [
          { entityId: 3, role: 'moderator' },
          { entityId: 2, role: 'owner' },
        ],
        'owner',
      ],
      [
        [
          { entityId: 4, role: 'administrator' },
          { entityId: 1, role: 'moderator' },
        ],
        'administrator',
      ],
      [
        [
          { entityId: 1, role: 'moderator' },
          { entityId: 4, role: 'administrator' },
        ],
        'administrator',
      ],
      [
        [
          { entityId: 2, role: 'moderator' },
          { entityId: 3, role: 'owner' },
          { entityId: 4, role: 'administrator' },
        ],
        'owner',
      ],
    ];
    for (const [grants, role] of pairs)
      expect(effectiveRole(grants, CHAIN), JSON.stringify(grants)).toBe(role);
  });

  it('ignores grants off the chain, however strong', () => {
    const grants: Grant[] = [
      { entityId: 99, role: 'owner' },
      { entityId: 3, role: 'moderator' },
    ];
    expect(effectiveRole(grants, CHAIN)).toBe('moderator');
    expect(effectiveRole([{ entityId: 99, role: 'owner' }], CHAIN)).toBeNull();
    expect(effectiveRole([], CHAIN)).toBeNull();
  });

  it('does not reach down: a grant on a descendant gives nothing on the ancestor', () => {
    expect(effectiveRole([{ entityId: 4, role: 'owner' }], [3, 2, 1])).toBeNull();
  });
});

describe('permissionsOn / can', () => {
  it('gives each role exactly its permissions of spec §6', () => {
    for (const [role, perms] of Object.entries(EXPECTED)) {
      const grants = [{ entityId: 2, role }] as Grant[];
      expect(permissionsOn(user, grants, CHAIN).sort(), role).toEqual([...perms].sort());
    }
  });

  it('answers with the strongest role of two on one chain', () => {
    const grants: Grant[] = [
      { entityId: 2, role: 'moderator' },
      { entityId: 3, role: 'owner' },
    ];
    expect(can(user, 'delete_entity', grants, CHAIN)).toBe(true);
    expect(can(user, 'delete_entity', grants, [2, 1])).toBe(false);
    expect(can(user, 'moderate_content', grants, [2, 1])).toBe(true);
  });

  it('gives the superadmin everything without a grant, and a stranger nothing', () => {
    expect(permissionsOn({ id: 1, admin: true }, [], CHAIN).sort()).toEqual([...EXPECTED.owner].sort());
    expect(permissionsOn(user, [], CHAIN)).toEqual([]);
    expect(can(user, 'read', [], CHAIN)).toBe(false);
  });
});
