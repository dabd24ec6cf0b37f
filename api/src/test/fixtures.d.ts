import type { EntityType, Role } from '@oppslag/common';
import type { AppDeps } from '../deps';
/**
 * Direct database fixtures for tests: rows are inserted without going through the API so a test
 * of one route does not depend on another, and tokens are minted with the app's own TokenService.
 */
export declare function createUser(
  deps: AppDeps,
  input: {
    email: string;
    password?: string;
    admin?: boolean;
    name?: string;
  },
): Promise<{
  id: number;
  email: string;
  token: string;
}>;
export declare function createEntity(
  deps: AppDeps,
  input: {
    name: string;
    type: EntityType;
    parentId?: number | null;
    codeWord?: string | null;
    apiKey?: string | null;
  },
): Promise<{
  id: number;
}>;
export declare function grant(deps: AppDeps, userId: number, entityId: number, role: Role): Promise<void>;
/**
 * A small world used by authorization tests: a system root, two sibling organizations each with a
 * group and a display, and one user per role on organization A plus a member of organization B.
 */
export declare function createWorld(deps: AppDeps): Promise<{
  entities: {
    root: {
      id: number;
    };
    orgA: {
      id: number;
    };
    groupA: {
      id: number;
    };
    displayA: {
      id: number;
    };
    orgB: {
      id: number;
    };
    displayB: {
      id: number;
    };
  };
  users: {
    superadmin: {
      id: number;
      email: string;
      token: string;
    };
    owner: {
      id: number;
      email: string;
      token: string;
    };
    administrator: {
      id: number;
      email: string;
      token: string;
    };
    moderator: {
      id: number;
      email: string;
      token: string;
    };
    sibling: {
      id: number;
      email: string;
      token: string;
    };
  };
}>;
export type World = Awaited<ReturnType<typeof createWorld>>;
