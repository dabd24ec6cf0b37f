export * from './auth';
export * from './entity';
export * from './user';
