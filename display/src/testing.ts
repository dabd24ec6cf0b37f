// `@oppslag/display/testing`: the player's sync engine and socket for tests that drive real player
// engines against the whole back end from outside the web app (e2e/ops/staleness-drill.test.ts).
export { createSyncEngine, type PlayerState } from './player/sync-engine';
export { connectRealtime } from './realtime/socket';
