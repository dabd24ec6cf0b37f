import { z } from 'zod';
import { displayHealthSummarySchema } from './display-health';
import { entitySchema } from './entity';
import { roleSchema } from './user';

/** One row of the superadmin's displays table (platform spec §3 "Display list item"). */
export const adminDisplayItemSchema = z.object({
  entity: z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    codeWord: z.string().nullable(),
    /** The nearest organization above the display, for the Organization column. */
    organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    displayId: z.string(),
  }),
  display: z.object({
    /** null until the display has registered: spec §4, "unregistered shows neither state". */
    onlineStatus: z.boolean().nullable(),
    registered: z.boolean(),
  }),
  /** Screen health at a glance; null before the display ever reported. */
  health: displayHealthSummarySchema.nullable(),
});
export type AdminDisplayItem = z.infer<typeof adminDisplayItemSchema>;

export const adminDisplaysUpdateResultSchema = z.object({
  updated: z.literal(true),
  count: z.number().int(),
});

/** `GET /api/admin/master`: the root entity and the master display made by install. */
export const adminMasterSchema = z.object({ entity: entitySchema, display: entitySchema });

/** A member's permission row, as answered by the member permissions call. */
export const entityPermissionSchema = z.object({
  entityId: z.number().int(),
  userId: z.number().int(),
  role: roleSchema.meta({ description: 'The member’s role; platform spec §3 calls it permission/role' }),
  autoApprove: z.boolean(),
  smsNotifications: z.boolean(),
});

export const memberRemovedSchema = z.object({
  entityId: z.number().int(),
  userId: z.number().int(),
  removed: z.literal(true),
});
