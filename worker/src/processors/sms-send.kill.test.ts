import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { queueSms, unitOfWork } from '@oppslag/api/core';
import {
  events,
  type SmsProviderFake,
  smsOutbound,
  startSveveApiFake,
  startTestApi,
  startTwilioApiFake,
  type TestApi,
} from '@oppslag/api/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sveveSmsProvider } from '../sms/providers/sveve.provider';
import { twilioSmsProvider } from '../sms/providers/twilio.provider';
import { waitFor } from '../test/sms-pipeline';
import { redeliverStalledJobs } from './redeliver';
import { BLIND_RESEND, SENDING_GRACE_MS, SmsInFlightError, sendOutboundSms } from './sms-send.processor';

const CHILD = fileURLToPath(new URL('../test/send-child.ts', import.meta.url));
const SID = 'AC33333333333333333333333333333333';

/**
 * Exactly once, also when the worker dies: a worker process is SIGKILLed after the provider took
 * the message and before the worker recorded it; the next worker must not send it again.
 */
describe.each(['twilio', 'sveve'] as const)('an SMS hand-over to %s killed half-way', (name) => {
  let api: TestApi;
  let fake: SmsProviderFake;
  let child: ChildProcess | null = null;
  let seq = 0;
  const options = () =>
    name === 'twilio'
      ? { apiUrl: fake.url, accountSid: SID, authToken: 'kill-token', from: '004722222222' }
      : { apiUrl: `${fake.url}/SMS/SendMessage`, user: 'kill', password: 'kill-pass', from: 'Oppslag' };
  const provider = () =>
    name === 'twilio'
      ? twilioSmsProvider(options() as Parameters<typeof twilioSmsProvider>[0])
      : sveveSmsProvider(options() as Parameters<typeof sveveSmsProvider>[0]);

  beforeAll(async () => {
    fake =
      name === 'twilio'
        ? await startTwilioApiFake(SID, 'kill-token')
        : await startSveveApiFake('kill', 'kill-pass');
    // No worker runs here: this test is the worker.
    api = await startTestApi();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await api?.close();
    await fake?.close();
  });

  const queue = async (text: string) => {
    const result = await unitOfWork(api.deps, (tx) =>
      queueSms(
        tx,
        {
          key: `kill-test:${name}:${++seq}`,
          kind: 'reply_published',
          to: '004791234567',
          text,
          scope: { entityId: null, organization: null },
        },
        new Date(),
      ),
    );
    return result.id;
  };
  const row = async (id: number) =>
    (await api.deps.database.db.select().from(smsOutbound).where(eq(smsOutbound.id, id)))[0];

  it('is not sent again after the worker died between the provider’s acceptance and the record', async () => {
    expect(api.db.url).toBeTruthy();
    const id = await queue('Takk! Meldingen din vises nå på skjermene til Org A.');
    fake.swallowAnswers = true;
    const proc = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        CHILD,
        JSON.stringify({ databaseUrl: api.db.url, outboundId: id, provider: { name, options: options() } }),
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child = proc;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    // The provider has the message; the worker waits for an answer that never comes: kill it.
    // (Starting a TypeScript child on a busy machine takes a while.)
    await waitFor(async () => fake.sent.length === 1, 110_000).finally(() => {
      fake.swallowAnswers = false;
    });
    proc.kill('SIGKILL');
    await exited;
    child = null;
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });

    // The job runs again (BullMQ's stalled-job check, or the redelivery pass). Too early: back off.
    await expect(sendOutboundSms(api.deps, provider(), id)).rejects.toBeInstanceOf(SmsInFlightError);
    // Past the grace period the next worker settles it.
    api.setNow(new Date(Date.now() + SENDING_GRACE_MS + 1000));
    try {
      const outcome = await sendOutboundSms(api.deps, provider(), id);
      if (name === 'twilio') {
        // Twilio's message list shows the message: recorded as sent, with Twilio's sid.
        expect(outcome).toBe('reconciled');
        expect(await row(id)).toMatchObject({
          status: 'sent',
          providerMessageId: expect.stringMatching(/^SM/),
        });
      } else {
        // Sveve cannot be asked: sent again, once, and the row says so (never left unsent).
        expect(outcome).toBe('sent');
        expect(await row(id)).toMatchObject({ status: 'sent', reason: BLIND_RESEND, attempts: 2 });
      }
      expect(await sendOutboundSms(api.deps, provider(), id)).toBe('skipped');
    } finally {
      api.setNow(null);
    }
    expect(fake.sent).toHaveLength(name === 'twilio' ? 1 : 2);
  }, 150_000);

  it.runIf(name === 'sveve')('gives up as unknown when the re-send was cut off too', async () => {
    fake.sent.length = 0;
    const id = await queue('Meldingen din er godkjent og vises nå på skjermene til Org A.');
    // As left by a worker killed during the blind re-send.
    await api.deps.database.db
      .update(smsOutbound)
      .set({
        status: 'sending',
        sendingAt: new Date(Date.now() - SENDING_GRACE_MS - 1000),
        attempts: 2,
        reason: BLIND_RESEND,
      })
      .where(eq(smsOutbound.id, id));
    expect(await sendOutboundSms(api.deps, provider(), id)).toBe('unknown');
    expect((await row(id)).status).toBe('unknown');
    expect(fake.sent).toHaveLength(0);
  });

  it('puts a message the provider refused back in the queue, and sends it once on the retry', async () => {
    fake.sent.length = 0;
    const id = await queue('Du får svar fra Oppslag igjen. Send STOPP for ingen flere svar.');
    const refusing =
      name === 'twilio'
        ? twilioSmsProvider({ apiUrl: fake.url, accountSid: SID, authToken: 'wrong', from: '004722222222' })
        : sveveSmsProvider({
            apiUrl: `${fake.url}/SMS/SendMessage`,
            user: 'kill',
            password: 'wrong',
            from: 'Oppslag',
          });
    await expect(sendOutboundSms(api.deps, refusing, id)).rejects.toThrow();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await sendOutboundSms(api.deps, provider(), id)).toBe('sent');
    expect(await sendOutboundSms(api.deps, provider(), id)).toBe('skipped');
    expect(fake.sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it.runIf(name === 'twilio')('sends a message whose worker died before Twilio got it, once', async () => {
    fake.sent.length = 0;
    const id = await queue('Meldingen din er godkjent og vises nå på skjermene til Org A.');
    // As left by a worker killed right after marking the row, before its request left the process.
    await api.deps.database.db
      .update(smsOutbound)
      .set({ status: 'sending', sendingAt: new Date(Date.now() - SENDING_GRACE_MS - 1000), attempts: 1 })
      .where(eq(smsOutbound.id, id));
    expect(await sendOutboundSms(api.deps, provider(), id)).toBe('sent');
    expect(fake.sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it.runIf(name === 'twilio')(
    'records the send job again when Redis lost it, and not while it waits',
    async () => {
      const db = api.deps.database.db;
      await db.update(events).set({ sentAt: new Date() });
      const id = await queue('Koden 1234 er utløpt.');
      // Its event is still unsent (Redis down): nothing to redeliver.
      const outboundEvents = async () =>
        (await db.select().from(events)).filter(
          (e) => e.type === 'sms.outboundQueued' && (e.data as { outboundId: number }).outboundId === id,
        );
      expect(await redeliverStalledJobs(api.deps, 60_000)).toBe(0);
      // Handed to Redis an hour ago and still queued: Redis lost it; the event is recorded again.
      await db.update(events).set({ sentAt: new Date(Date.now() - 3600_000) });
      await db
        .update(smsOutbound)
        .set({ createdAt: new Date(Date.now() - 3600_000) })
        .where(eq(smsOutbound.id, id));
      expect(await redeliverStalledJobs(api.deps, 60_000)).toBeGreaterThanOrEqual(1);
      expect(await outboundEvents()).toHaveLength(2);
    },
  );
});
