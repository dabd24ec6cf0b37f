import { join } from 'node:path';
import { buildWebApp, root } from '../../support/build-web-app';

export const displayDir = join(root, 'display');

/** Builds the player (production mode) unless dist is newer than every source file; returns dist. */
export function buildPlayer(): string {
  return buildWebApp(displayDir, ['src', 'public']);
}
