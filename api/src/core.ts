// `@oppslag/api/core`: the domain core the worker and the realtime gateway build on (configuration,
// database, hierarchy and access, services, presenters, events, outbox and queues). Other packages
// import it only through this file; nothing here knows about HTTP.
//
// Narrow on purpose (issue 27 item 5): every module's types, but only the values the worker, the
// gateway, the composition root, scripts, benchmarks and e2e use (core-boundary.test.ts fails on a
// value nobody outside the API imports, and on any table). The API itself imports its modules
// directly.
export type * from './config';
export { ConfigError, loadConfig, orExit } from './config';
export type * from './db/any-of';
export type * from './db/client';
export { MigrationError, openDatabase, runMigrations } from './db/client';
export { rowsOf } from './db/rows';
export type * from './db/unit-of-work';
export { statementOfWork, unitOfWork } from './db/unit-of-work';
export type * from './deps';
export type * from './domain/sms/inbound-batch';
export { processInboundSms, processInboundSmsBatch, SMS_BATCH_SIZE } from './domain/sms/inbound-batch';
export type * from './domain/sms/outbound-send';
export {
  knownProviderIds,
  lockOutbound,
  markSending,
  recordHandOver,
  updateIfSending,
} from './domain/sms/outbound-send';
export type * from './domain/sms/routing';
export type * from './errors';
export type * from './infra';
export { closeDeps, createDeps } from './infra';
export type * from './lib/data-dir-lock';
export { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
export type * from './lib/display-capability';
export { displayMay } from './lib/display-capability';
export type * from './lib/hashids';
export { encodeDisplayId } from './lib/hashids';
export type * from './lib/logger';
export { createLogger, maskPhone } from './lib/logger';
export type * from './lib/metrics';
export {
  connectedClients,
  fanoutLatency,
  invalidEvents,
  outboxLag,
  outboxRelayed,
  subscribeLimited,
} from './lib/metrics';
export type * from './lib/outbox-signal';
export { createOutboxSignal, redisOutboxPublisher, subscribeOutbox } from './lib/outbox-signal';
export type * from './lib/rate-limit';
export { rateLimiter } from './lib/rate-limit';
export type * from './lib/redis-claim';
export { claimKeys, RedisPrefixTakenError } from './lib/redis-claim';
export type * from './lib/shutdown';
export { onShutdown, SHUTDOWN_TIMEOUT_MS } from './lib/shutdown';
export { DISPLAY_AUDIENCE, USER_AUDIENCE } from './lib/tokens';
export type * from './lib/webhook-signatures';
export { verifyStandardWebhook } from './lib/webhook-signatures';
export type * from './presenters/alert.presenter';
export type * from './presenters/asset.presenter';
export { croppedKeyFor } from './presenters/asset.presenter';
export type * from './presenters/note.presenter';
export type * from './queue/queues';
export { bullPrefix, Queues } from './queue/queues';
export type * from './queue/registry';
export { ProcessorRegistry } from './queue/registry';
export type * from './seed/demo';
export { seedDemo } from './seed/demo';
export type * from './seed/offline';
export { decideOffline, forgetRemoteFailures } from './seed/offline';
export type * from './services/access.service';
export { getAncestry, getGrants } from './services/access.service';
export type * from './services/asset-crop.service';
export { applyAssetCrop, findAsset } from './services/asset-crop.service';
export type * from './services/asset-files';
export { SAFE_DECODE } from './services/asset-files';
export type * from './services/display-handshake.service';
export { loadDisplayHandshake } from './services/display-handshake.service';
export type * from './services/display-health.service';
export {
  recordConnections,
  recordHeartbeat,
  recordRendered,
  storeScreenshot,
} from './services/display-health.service';
export type * from './services/display-versions.service';
export {
  baselineCeilings,
  capBaselines,
  EntityVersions,
  entitySeqKey,
  relayedKey,
} from './services/display-versions.service';
export type * from './services/entity-chain.service';
export { loadChain } from './services/entity-chain.service';
export type * from './services/events.service';
export { recordEvent } from './services/events.service';
export type * from './services/history.service';
export { pruneHistory } from './services/history.service';
export { installNotice } from './services/install.service';
export type * from './services/note.service';
export { createNote, deleteNote, updateNote } from './services/note.service';
export type * from './services/organization-location.service';
export { liveOrganizationIds, organizationLocation } from './services/organization-location.service';
export type * from './services/outbox-relay.service';
export {
  claimUnrelayedEvents,
  markEventsRelayed,
  oldestUnrelayedEvent,
  purgeRelayedEvents,
} from './services/outbox-relay.service';
export type * from './services/presence.service';
export { isOnline, markPresence, presenceKey } from './services/presence.service';
export type * from './services/registered-displays.service';
export { registeredDisplays } from './services/registered-displays.service';
export type * from './services/reset-token.service';
export { issueResetToken } from './services/reset-token.service';
export type * from './services/sms-approval.service';
export { issueApprovalCode } from './services/sms-approval.service';
export type * from './services/sms-inbound.service';
export { receiveInboundSms } from './services/sms-inbound.service';
export type * from './services/sms-member-notice.service';
export { darkScreenSms, queueMemberSms } from './services/sms-member-notice.service';
export type * from './services/sms-outbound.service';
export { queueSms } from './services/sms-outbound.service';
export type * from './services/sms-privacy.service';
export { expireSmsData } from './services/sms-privacy.service';
export type * from './services/sms-texts';
export {
  entitiesWithTransitStops,
  listTransitStops,
  type TransitStopRow,
} from './services/transit-stop.service';
export type * from './services/user-session.service';
export { userTokenState } from './services/user-session.service';
export type * from './version';
