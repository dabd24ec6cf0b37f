export * from './asset-files';
export * from './content';
export * from './entities';
export * from './events';
export * from './history';
export * from './instance';
export * from './sms';
export * from './users';
