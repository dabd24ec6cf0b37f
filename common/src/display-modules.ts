/** The display modules (widgets) an entity can switch on or off through `services`. */
export const DISPLAY_MODULES = ['clock', 'weather', 'transit', 'notes', 'banners', 'info'] as const;
export type DisplayModule = (typeof DISPLAY_MODULES)[number];

/**
 * Whether each module is on for an entity. Each module is decided separately by the nearest entity
 * in the chain (the entity itself first, then its parent, up to the root) whose `services` sets it;
 * a module nobody sets is on. So an organization can switch weather off for all its displays and
 * one display can switch it back on.
 */
export function resolveServices(
  chain: readonly { services: Record<string, boolean> | null | undefined }[],
): Record<DisplayModule, boolean> {
  const result = {} as Record<DisplayModule, boolean>;
  for (const name of DISPLAY_MODULES) {
    const setter = chain.find((e) => typeof e.services?.[name] === 'boolean');
    result[name] = setter ? (setter.services?.[name] as boolean) : true;
  }
  return result;
}
