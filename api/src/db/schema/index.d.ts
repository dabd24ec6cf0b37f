export * from './asset-files';
export * from './content';
export * from './entities';
export * from './events';
export * from './sms';
export * from './users';
