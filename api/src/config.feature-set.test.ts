import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('FEATURE_SET at start-up', () => {
  it('stops on an unknown feature set with a message naming the accepted ones', () => {
    expect(() =>
      loadConfig({ FEATURE_SET: 'signage', DATA_DIR: '.data/config-test', JWT_SECRET: 'x'.repeat(32) }),
    ).toThrow(/FEATURE_SET.*styretavla, oppslag/);
  });
});
