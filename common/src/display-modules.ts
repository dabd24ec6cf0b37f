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
  const on = (name: DisplayModule): boolean => {
    for (const entity of chain) {
      const set = entity.services?.[name];
      if (typeof set === 'boolean') return set;
    }
    return true;
  };
  // Spelled out so a new module is a compile error here until it is decided too.
  return {
    clock: on('clock'),
    weather: on('weather'),
    transit: on('transit'),
    notes: on('notes'),
    banners: on('banners'),
    info: on('info'),
  };
}
