export * from './display-events';
export * from './seq-tracker';
export * from './socket-events';
