// `@oppslag/realtime`: the Socket.IO gateway for composition roots.
export * from './server';
