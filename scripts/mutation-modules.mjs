// The domain rules `npm run mutation` (StrykerJS) mutates, one module at a time, each with the tests
// closest to it: unit tests of the pure rule, or integration tests that answer in well under a
// second per check (no webhook pipelines, relays or browsers). stryker.config.mjs reads `mutate`,
// vitest.mutation.config.ts reads `tests`; docs/testing.md has the scores. Line ranges name the
// rule inside a larger file (the function is named in the comment): keep them on it when it moves.

/** @type {Record<string, { about: string; mutate: string[]; tests: string[] }>} */
export const MUTATION_MODULES = {
  permissions: {
    about: 'roles, the strongest role along the chain',
    mutate: ['common/src/permissions.ts'],
    tests: ['common/src/permissions.test.ts', 'api/src/routes/entities/roles-on-one-chain.test.ts'],
  },
  hierarchy: {
    about: 'ancestry, authorizeEntity, chain rows and the nearest organization (against PostgreSQL)',
    mutate: ['api/src/services/access.service.ts', 'api/src/services/entity-chain.service.ts'],
    tests: ['api/src/services/hierarchy.test.ts', 'api/src/routes/entities/roles-on-one-chain.test.ts'],
  },
  notes: {
    about: 'note state and board order, repeating schedules, note validation',
    mutate: ['common/src/notes.ts', 'common/src/schedule.ts', 'common/src/schemas/note.ts'],
    tests: ['common/src/notes.test.ts', 'common/src/schedule.test.ts', 'common/src/schemas/note.test.ts'],
  },
  sms: {
    about: 'SMS → note routing: code words, commands, sender standing (auto-approve)',
    mutate: ['worker/src/processors/sms.processor.ts', 'api/src/domain/sms/text.ts'],
    tests: ['worker/src/processors/sms-routing.test.ts', 'api/src/domain/sms/text.test.ts'],
  },
  'display-content': {
    about: 'what a display is sent: inheritance, master content, what screens must not show',
    // mergeTransit and its parsers; slideOf … assembleDisplayContent (not the Redis read or the memo).
    mutate: [
      'api/src/services/display-content.service.ts:40-77',
      'api/src/services/display-content.service.ts:99-253',
    ],
    tests: [
      'api/src/services/display-content.assemble.test.ts',
      'api/src/services/display-content.transit.test.ts',
    ],
  },
  relay: {
    about: 'outbox relay: what a claimed batch becomes (order, catalogue check, job ids)',
    mutate: ['worker/src/relay-plan.ts'],
    tests: ['worker/src/relay-plan.test.ts'],
  },
  'sms-caps': {
    about: 'rate limits: STOP, daily reply limit per number, monthly budget per organization',
    // osloDay … smsUsage (queueSms, the cap notices, the monthly use).
    mutate: ['api/src/services/sms-outbound.service.ts:90-308'],
    tests: ['api/src/services/sms-caps.test.ts'],
  },
  'subscribe-limit': {
    about: 'rate limits: subscribe requests per socket',
    mutate: ['realtime/src/window-counter.ts'],
    tests: ['realtime/src/window-counter.test.ts'],
  },
  'login-limiter': {
    about: 'rate limits: password attempts and reset mails',
    mutate: ['api/src/services/login-limiter.service.ts'],
    tests: ['api/src/services/login-limiter.service.test.ts'],
  },
};
