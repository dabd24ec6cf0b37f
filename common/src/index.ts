export * from './constants';
export * from './permissions';
export * from './errors';
export * from './events';
export * from './phone';
export * from './schemas/index';
