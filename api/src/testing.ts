// `@oppslag/api/testing`: test harness, fixtures and fakes that speak the external services'
// protocols. Used by tests, e2e, benchmarks and the offline demo; never by production code paths.
// The tables are here and not in `@oppslag/api/core`: tests arrange and inspect rows directly, while
// the worker and the gateway reach the database only through the API's services (issue 27 item 5).
export * from './db/schema/index';
export * from './test/asset-samples';
export * from './test/asset-upload';
export * from './test/fakes/entur.fake';
export * from './test/fakes/met.fake';
export * from './test/fakes/sms.fake';
export * from './test/fixtures';
export * from './test/harness';
export * from './test/log-capture';
export * from './test/redis-server';
export * from './test/work';
