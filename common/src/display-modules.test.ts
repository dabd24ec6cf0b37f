import { describe, expect, it } from 'vitest';
import { resolveServices } from './display-modules';

describe('resolveServices', () => {
  it('defaults every module to on', () => {
    expect(resolveServices([{ services: {} }, { services: null }])).toEqual({
      clock: true,
      weather: true,
      transit: true,
      notes: true,
      banners: true,
      info: true,
    });
  });

  it('takes each module from the nearest entity that sets it', () => {
    const chain: { services: Record<string, boolean> }[] = [
      { services: { weather: true } },
      { services: { weather: false, transit: false } },
    ];
    const result = resolveServices(chain);
    expect(result.weather).toBe(true);
    expect(result.transit).toBe(false);
    expect(result.clock).toBe(true);
  });
});
