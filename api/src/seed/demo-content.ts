// What makes the demo look lived in: notes of several kinds, template banners and banners from a
// photo and a PDF, transit stops, an
// auto-approved number, and two residents' SMS that go through the real inbound pipeline (one is
// approved by its number, the other waits for a moderator). All through the services, in the
// seed's transaction, so it is the same data an association would have made in the console.
import { resolveFeatureSet } from '@oppslag/common';
import type { Tx } from '../db/client';
import { statementOfWork } from '../db/unit-of-work';
import type { AppDeps } from '../deps';
import { createAutoApproveNumber } from '../domain/sms/auto-approve';
import { createContent } from '../services/content.service';
import { createNote } from '../services/note.service';
import { receiveInboundSms } from '../services/sms-inbound.service';
import { addTransitStop } from '../services/transit-stop.service';
import { createDemoAssets, type DemoFile } from './demo-assets';

const DAY = 24 * 3600 * 1000;

/** Stops the offline stand-in for Entur also knows, so departures show with or without internet. */
export const DEMO_STOPS = [
  { stopId: 'NSR:StopPlace:58366', label: 'Jernbanetorget', latitude: 59.911898, longitude: 10.75038 },
  { stopId: 'NSR:StopPlace:337', label: 'Oslo S', latitude: 59.910357, longitude: 10.753051 },
];

/** The resident whose SMS notes are approved by number, and one who is not known. */
export const DEMO_AUTO_APPROVED = '+4791234567';
const DEMO_UNKNOWN = '+4798765432';

export async function seedDemoContent(
  deps: AppDeps,
  tx: Tx,
  org: { id: number; ancestry: number[] },
  actor: { id: number; admin: boolean },
  files: DemoFile[],
): Promise<void> {
  const now = deps.now();
  const notes = [
    {
      text: '<p><strong>Velkommen til Solbakken!</strong> Styret treffes på styret@solbakken.no.</p>',
      icon: 'information',
      iconColor: '#1565c0',
      sticky: true,
    },
    {
      text: '<p>Vaktmesteren skifter lyspærer i kjelleren tirsdag.</p>',
      icon: 'build',
      iconColor: '#ef6c00',
    },
    {
      text: '<p>Husk å flytte bilen før brøyting torsdag morgen.</p>',
      icon: 'parking',
      iconColor: '#6a1b9a',
      end: new Date(now.getTime() + 7 * DAY),
    },
    { text: '<p>Røykvarslerne testes søndag kl. 12.</p>', icon: 'alarm', iconColor: '#c62828', sticky: true },
    { text: '<p>Takk for en flott dugnad!</p>', icon: 'thumb_up', iconColor: '#2e7d32' },
  ] as const;
  for (const note of notes) {
    await createNote(tx, org.id, { ...note, date: now, approved: true }, actor, now);
  }

  const ctx = { featureSet: resolveFeatureSet(deps.config.featureSet), now, ancestry: org.ancestry };
  const banners = [
    { templateId: 'dugnad', templateText: '<p>Dugnad lørdag kl. 11</p>' },
    { templateId: 'quiet', templateText: '<p>Ro i bygget etter kl. 23</p>' },
    { templateId: 'trash', templateText: '<p>Sorter avfallet</p>' },
  ];
  for (const banner of banners) {
    await createContent(
      tx,
      org.id,
      'banner',
      { type: 'banner-template', duration: 10, assetId: null, ...banner },
      actor,
      ctx,
    );
  }
  // And one banner each from the bundled photo and PDF (demo-assets.ts).
  for (const assetId of await createDemoAssets(tx, org.id, files, actor)) {
    await createContent(
      tx,
      org.id,
      'banner',
      { type: 'banner-asset', duration: 10, assetId, templateId: null },
      actor,
      ctx,
    );
  }

  for (const stop of DEMO_STOPS) await addTransitStop(tx, org.id, stop, actor);
  await createAutoApproveNumber(
    tx,
    org.id,
    { number: DEMO_AUTO_APPROVED, description: 'Styreleder Per' },
    actor,
  );
}

/**
 * Two residents text the organization's code word; the worker routes them like any SMS: the
 * auto-approved number's note appears at once, the other waits in the console for approval.
 * Called after the seed commits (the worker reads the stored messages).
 */
export async function sendDemoSms(deps: AppDeps, codeWord: string): Promise<void> {
  const messages = [
    { from: DEMO_AUTO_APPROVED, text: `${codeWord} Heisen i blokk A er reparert.` },
    { from: DEMO_UNKNOWN, text: `${codeWord} Loppemarked i bakgården søndag kl. 12!` },
  ];
  for (const [i, m] of messages.entries()) {
    // The `sms.received` events go through the outbox like a provider's webhook.
    await statementOfWork(deps, (db) =>
      receiveInboundSms(
        db,
        {
          provider: 'demo',
          providerMessageId: `demo-${i + 1}`,
          from: m.from,
          to: deps.config.smsNumber,
          text: m.text,
          raw: { demo: true },
        },
        deps.now(),
      ),
    );
  }
}
