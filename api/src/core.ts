// `@oppslag/api/core`: the domain core the worker and the realtime gateway build on (configuration,
// database, hierarchy and access, services, presenters, events, outbox and queues). Other packages
// import it only through this file; nothing here knows about HTTP.
export * from './config';
export * from './db/any-of';
export * from './db/client';
export * from './db/unit-of-work';
export * from './deps';
export * from './domain/sms/inbound-batch';
export * from './domain/sms/outbound-send';
export * from './domain/sms/routing';
export * from './errors';
export * from './infra';
export * from './lib/data-dir-lock';
export * from './lib/display-capability';
export * from './lib/hashids';
export * from './lib/logger';
export * from './lib/metrics';
export * from './lib/outbox-signal';
export * from './lib/rate-limit';
export * from './lib/redis-claim';
export * from './lib/shutdown';
export { DISPLAY_AUDIENCE, USER_AUDIENCE } from './lib/tokens';
export * from './lib/webhook-signatures';
export * from './presenters/alert.presenter';
export * from './presenters/asset.presenter';
export * from './presenters/note.presenter';
export * from './queue/queues';
export * from './queue/registry';
export * from './seed/demo';
export * from './seed/offline';
export * from './services/access.service';
export * from './services/asset-crop.service';
export * from './services/asset-files';
export * from './services/display-handshake.service';
export * from './services/display-health.service';
export * from './services/display-versions.service';
export * from './services/entity-chain.service';
export * from './services/events.service';
export * from './services/history.service';
export { installNotice } from './services/install.service';
export * from './services/note.service';
export * from './services/organization-location.service';
export * from './services/outbox-relay.service';
export * from './services/presence.service';
export * from './services/registered-displays.service';
export * from './services/reset-token.service';
export * from './services/sms-approval.service';
export * from './services/sms-inbound.service';
export * from './services/sms-member-notice.service';
export * from './services/sms-outbound.service';
export * from './services/sms-texts';
export {
  entitiesWithTransitStops,
  listTransitStops,
  type TransitStopRow,
} from './services/transit-stop.service';
export * from './services/user-session.service';
export * from './version';
