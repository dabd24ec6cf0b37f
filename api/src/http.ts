// `@oppslag/api/http`: the HTTP side of the API for composition roots (the API process, the
// single-process start in `@oppslag/stack`): the Koa app, health routes, static web apps.
export * from './app';
export * from './lib/http-server';
export * from './middleware/static-web';
export * from './routes/system.routes';
