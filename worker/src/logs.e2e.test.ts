import { writeFileSync } from 'node:fs';
import { encodeDisplayId } from '@oppslag/api/core';
import {
  captureLogs,
  createWorld,
  genericWebhook,
  notes,
  permissions,
  smsApprovalCodes,
  smsOutbound,
  users,
  type World,
} from '@oppslag/api/testing';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './test/sms-pipeline';

const SECRET = 'logs-e2e-webhook-secret';
/** The board member asked to approve, and the resident who writes in: their numbers as stored. */
const MEMBER = '004741234567';
const RESIDENT = '004798765432';

/**
 * Issue 26 item 6: the whole back end (API, worker with the log SMS provider, realtime gateway)
 * writing to one captured log through a whole SMS flow (a resident's SMS through the webhook, the
 * approval request to a member, the member's `JA <code>` reply, receipts), plus console and display
 * calls with tokens and keys. None of the numbers (in any format), codes, tokens or keys may be in it.
 */
describe('no personal data or secrets in any log line', () => {
  const log = captureLogs('trace');
  let stack: TestStack;
  let world: World;
  beforeAll(async () => {
    stack = await startTestStack({ env: { SMS_WEBHOOK_SECRET: SECRET }, logger: log.logger });
    world = await createWorld(stack.deps);
    const db = stack.deps.database.db;
    await db
      .update(users)
      .set({ phoneVerifiedAt: new Date(), phoneNumber: MEMBER })
      .where(eq(users.id, world.users.owner.id));
    await db
      .update(permissions)
      .set({ smsNotifications: true })
      .where(eq(permissions.userId, world.users.owner.id));
  });
  afterAll(async () => {
    await stack?.close();
    if (process.env.LOGS_E2E_DUMP) writeFileSync(process.env.LOGS_E2E_DUMP, log.text());
  });

  const sendSms = (id: string, from: string, text: string) => {
    const hook = genericWebhook(SECRET, { id, from, text });
    return stack.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
  };

  it('runs the flow and finds none of them in the log', async () => {
    const db = stack.deps.database.db;
    // A display with a fresh key, registered and connected (display token, socket handshake).
    const regenerated = await stack.request(
      'POST',
      `/api/entities/${world.entities.displayA.id}/regenerate-api-key`,
      {
        token: world.users.superadmin.token,
      },
    );
    expect(regenerated.status).toBe(200);
    const apiKey: string = regenerated.body.apiKey;
    const registered = await stack.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(world.entities.displayA.id), apiKey },
    });
    expect(registered.status).toBe(200);
    const displayToken: string = registered.body.token;
    await stack.connect(displayToken);
    // Credentials where they should never be: a query string, a wrong key.
    await stack.request('GET', `/api/nothing?token=${displayToken}&phone=${MEMBER}`);
    await stack.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(world.entities.displayA.id), apiKey: `${apiKey}x` },
    });

    // The resident writes in; the member is asked with a code and answers from the phone.
    expect((await sendSms('logs-1', '+4798765432', 'ORGA Sykkel funnet i bakgården')).status).toBe(200);
    const [{ code }] = await waitFor(async () => {
      const rows = await db.select().from(smsApprovalCodes);
      return rows.length ? rows : null;
    });
    expect((await sendSms('logs-2', '+47 412 34 567', `JA ${code}`)).status).toBe(200);
    await waitFor(async () => {
      const [note] = await db.select().from(notes).where(eq(notes.source, 'sms'));
      return note?.approved ? note : null;
    });
    // Approval request, decision receipt, the resident's pending and approved receipts: all sent.
    await waitFor(async () => {
      const sent = await db.select().from(smsOutbound).where(isNotNull(smsOutbound.sentAt));
      return sent.length >= 4 ? sent : null;
    });

    const text = log.text();
    // The flow was logged (access lines of the webhook calls among them), so "none found" means something.
    expect(
      log.lines().filter((l) => l.msg === 'request' && l.path === '/api/sms/inbound/generic').length,
    ).toBe(2);
    for (const phone of [MEMBER, RESIDENT]) {
      const local = phone.slice(4);
      // Every format of the number contains its eight local digits (+47…, 0047…, bare) or spaced ones.
      expect(text).not.toContain(local);
      expect(text).not.toContain(`${local.slice(0, 3)} ${local.slice(3, 5)} ${local.slice(5)}`);
    }
    const tokens = [displayToken, apiKey, SECRET, ...Object.values(world.users).map((u) => u.token)];
    for (const secret of tokens) expect(text).not.toContain(secret);
    // The four-digit code as a word in any string of any line (numbers such as `time` are not strings).
    const strings = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];
    const withCode = log
      .lines()
      .flatMap(strings)
      .filter((s) => new RegExp(`\\b${code}\\b`).test(s));
    expect(withCode).toEqual([]);
    // The log provider says what it would have sent: to whom by the last two digits, and how long.
    const notSent = log.lines().filter((l) => l.msg === 'sms not sent (log provider)');
    expect(notSent.map((l) => l.recipient).sort()).toEqual(['…32', '…32', '…67', '…67']);
    expect(notSent.every((l) => typeof l.length === 'number' && l.length > 0)).toBe(true);
  });
});
