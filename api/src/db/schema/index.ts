export * from './asset-files';
export * from './content';
export * from './display-health';
export * from './entities';
export * from './events';
export * from './instance';
export * from './sms';
export * from './users';
