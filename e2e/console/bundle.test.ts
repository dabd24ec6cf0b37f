import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, initialJs } from '../../console/scripts/bundle-size';
import { buildConsole } from './support/console-stack';

describe('console production build', () => {
  it('loads at most 250 KB of gzipped JavaScript up front; routes come as their own chunks', () => {
    const dist = buildConsole();
    const report = initialJs(dist);
    expect(report.files.length).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
    // The pages are not in the initial set (React.lazy per route).
    expect(report.files.some((f) => /login-page|entities-page|settings-page/.test(f.file))).toBe(false);
  });
});
