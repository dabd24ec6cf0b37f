export * from './auth';
export * from './entity';
export * from './user';
export * from './query';
export * from './note';
export * from './content';
export * from './display';
