// `@oppslag/realtime`: the Socket.IO gateway for composition roots.

// The broadcast path, for the fan-out A/B bench (bench/fanout-ab.ts).
export { COALESCE_MS, FrameWriter, withDirectFanout } from './fanout';
export * from './server';
