import type { ContentSlot } from '@oppslag/common/feature-sets.ts';

/**
 * The query keys of every server resource, in one place. The first element names the resource,
 * so a realtime event (realtime/query-events.ts) or a mutation reaches all queries of it by
 * prefix; an entity-scoped resource keeps its entity id second, where the event table reads it.
 */
export const queryKeys = {
  /** The signed-in user's entities (the tree, breadcrumbs, permissions all read it). */
  entities: ['entities'] as const,
  /** One user's profile (the signed-in user's own: permissions, phone, language). */
  profile: (userId: number) => ['profile', userId] as const,
  /** Direct and inherited members of an entity. */
  members: (entityId: number) => ['members', entityId] as const,
  /** Own and inherited notes of an entity. */
  notes: (entityId: number) => ['notes', entityId] as const,
  /** Own, inherited and master content of one slot of an entity (templates apart). */
  content: (entityId: number, slot: ContentSlot, templates: boolean) =>
    ['content', entityId, slot, templates] as const,
  /** Alerts in force on an entity, inherited ones included. */
  alerts: (entityId: number) => ['alerts', entityId] as const,
  autoApproveNumbers: (entityId: number) => ['autoApproveNumbers', entityId] as const,
  transitStops: (entityId: number) => ['transitStops', entityId] as const,
  /** One display's health (the display is an entity: its id). */
  displayHealth: (displayId: number) => ['displayHealth', displayId] as const,
  /** The services view of an entity (what its own and inherited settings switch on). */
  services: (entityId: number) => ['services', entityId] as const,
  /** The superadmin's user list. */
  users: ['users'] as const,
  /** The superadmin's displays table. */
  adminDisplays: ['adminDisplays'] as const,
  /** The master entity and display (the superadmin's master content screens). */
  master: ['master'] as const,
  /** One entity fetched on its own (opened by link, outside the loaded tree). */
  entity: (entityId: number) => ['entity', entityId] as const,
  /** This month's SMS use of an entity's organization, as of a version of the entity (its caps). */
  smsUsage: (entityId: number, entityVersion: string) => ['smsUsage', entityId, entityVersion] as const,
  /** Proof of delivery of a note or a banner slide seen from an entity. */
  delivery: (entityId: number, kind: 'note' | 'banner', itemId: number) =>
    ['delivery', entityId, kind, itemId] as const,
  /** The change history of an entity (null: all of it, the superadmin's page), by filter. */
  history: (entityId: number | null, kind: string | undefined, userId: number | undefined) =>
    ['history', entityId, kind ?? null, userId ?? null] as const,
  /** The built-in banner templates of a category. */
  builtInTemplates: (category: string) => ['builtInTemplates', category] as const,
  /** Stop search results (national stop register) for a query text. */
  stopSearch: (q: string) => ['stopSearch', q] as const,
  /** One uploaded asset (its renditions and crop). */
  asset: (assetId: number) => ['asset', assetId] as const,
} as const;

/** A resource's name: the first element of its keys. */
export type QueryResource = {
  [K in keyof typeof queryKeys]: (typeof queryKeys)[K] extends readonly [infer R, ...unknown[]]
    ? R
    : (typeof queryKeys)[K] extends (...args: never[]) => readonly [infer R, ...unknown[]]
      ? R
      : never;
}[keyof typeof queryKeys];
