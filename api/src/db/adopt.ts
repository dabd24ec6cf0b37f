// Before the baseline (release 1.0.0), the schema was one migration, `0000_init`, regenerated whole on
// every change, so a database made by an earlier build records a `0000` whose hash is not today's and
// replaying today's `0000` on it fails ("relation already exists"). The development schemas that
// pilot installations ran since the features merged (2026-11-23) are known by hash; each step below
// takes one of them to the next, ending at the baseline. Older development builds are refused (see
// docs/upgrading.md). Frozen like a migration: add steps, never edit one.

export interface AdoptionStep {
  /** The `0000_init` hash a database recorded. */
  from: string;
  /** The hash of the schema this step leaves (the next step's `from`, or the baseline). */
  to: string;
  /** Where it came from, for the record. */
  madeBy: string;
  statements: string[];
}

export const ADOPTION_STEPS: readonly AdoptionStep[] = [
  {
    madeBy: '01d4e13 (2026-11-23): large print arrived in 76abf56',
    from: '0eab6e197fc1c97350e7671664ace3bc1013696d7b2cd7e815780bf32dd78f79',
    to: 'd7f9412dd631742768f79a8e42ba461548a77c9d8cc9006b408c35daf3ed77c2',
    statements: ['ALTER TABLE "entities" ADD COLUMN "large_print" boolean'],
  },
  {
    madeBy: '76abf56 (2026-11-23): system-wide events numbered by a sequence from f0ee42d',
    from: 'd7f9412dd631742768f79a8e42ba461548a77c9d8cc9006b408c35daf3ed77c2',
    to: '76ceaee3fadc6f356740eb324982e7144d8ecf86417ae3dd553cc020f517483c',
    statements: [
      'CREATE SEQUENCE "public"."system_event_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1',
      // Those events were numbered by entity_sequences row 0: the sequence goes on after it, so the
      // numbers keep increasing (nobody tracks that stream, but they must not repeat).
      `SELECT setval('"public"."system_event_seq"', greatest(
         (SELECT coalesce(max(seq), 0) FROM entity_sequences WHERE entity_id = 0),
         (SELECT coalesce(max(seq), 0) FROM events WHERE entity_id IS NULL)) + 1, false)`,
    ],
  },
  {
    madeBy: 'f0ee42d (2026-11-26): the partial index of SMS still to route from 22fbe30',
    from: '76ceaee3fadc6f356740eb324982e7144d8ecf86417ae3dd553cc020f517483c',
    to: 'c45b9ed974dd14250e739ed5daf4d0748f5da7c710d8089bb52facc2d2dacf4b',
    statements: [
      `CREATE INDEX "sms_messages_received_idx" ON "sms_messages" USING btree ("id") WHERE "sms_messages"."status" = 'received'`,
    ],
  },
];

/** The steps from a recorded development schema to the baseline, or null when there is no way. */
export function adoptionPath(from: string, baseline: string): AdoptionStep[] | null {
  const path: AdoptionStep[] = [];
  let at = from;
  while (at !== baseline) {
    const step = ADOPTION_STEPS.find((s) => s.from === at);
    if (!step || path.length > ADOPTION_STEPS.length) return null;
    path.push(step);
    at = step.to;
  }
  return path;
}
