import { join } from 'node:path';
import { root } from '../../support/build-web-app';

export const displayDir = join(root, 'display');

/** Builds the player (production mode) unless dist is newer than every source file; returns dist. */
export { buildPlayer } from '../../support/build-web-app';
