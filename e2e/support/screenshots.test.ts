import { describe, expect, it } from 'vitest';
import { root } from './build-web-app';
import { screenshotDir } from './screenshots';

describe('screenshotDir', () => {
  it('keeps ordinary runs out of the tracked docs/screenshots', () => {
    expect(screenshotDir({})).toBe(`${root}/.data/screenshots`);
    expect(screenshotDir({ UPDATE_SCREENSHOTS: '0' })).toBe(`${root}/.data/screenshots`);
  });

  it('writes the README pictures only when UPDATE_SCREENSHOTS=1', () => {
    expect(screenshotDir({ UPDATE_SCREENSHOTS: '1' })).toBe(`${root}/docs/screenshots`);
  });
});
