declare const __PLAYER_VERSION__: string | undefined;

/** The player's version as built (the root package.json's release version through Vite's `define`; "dev" in unit tests). */
export const PLAYER_VERSION: string = typeof __PLAYER_VERSION__ === 'string' ? __PLAYER_VERSION__ : 'dev';
