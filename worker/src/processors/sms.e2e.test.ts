import { encodeDisplayId } from '@oppslag/api/core';
import {
  autoApproveNumbers,
  createWorld,
  genericWebhook,
  permissions,
  type SmsProviderFake,
  startTwilioApiFake,
  users,
  type World,
} from '@oppslag/api/testing';
import { collect, nextEvent, startTestStack, type TestStack } from '@oppslag/stack/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/sms-pipeline';

const SECRET = 'e2e-webhook-secret';

type NoteEvent = {
  entityId: number | null;
  data: { note: { text: string; entityId: number } };
};

/** The whole back end (API, worker, realtime gateway) with display sockets, from webhook to screen. */
describe('SMS webhook → note on the right display, members notified', () => {
  let stack: TestStack;
  let world: World;
  let twilio: SmsProviderFake;
  beforeAll(async () => {
    twilio = await startTwilioApiFake('AC1', 'token');
    stack = await startTestStack({
      env: {
        SMS_WEBHOOK_SECRET: SECRET,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_API_URL: twilio.url,
      },
    });
    world = await createWorld(stack.deps);
    const db = stack.deps.database.db;
    await db
      .insert(autoApproveNumbers)
      .values({ entityId: world.entities.orgA.id, number: '004791111111', description: 'Board' });
    // One member per tenant wants SMS notifications.
    for (const [user, phone] of [
      [world.users.owner, '004790000001'],
      [world.users.sibling, '004790000009'],
    ] as const) {
      await db
        .update(users)
        .set({ phoneVerifiedAt: new Date(), phoneNumber: phone })
        .where(eq(users.id, user.id));
      await db.update(permissions).set({ smsNotifications: true }).where(eq(permissions.userId, user.id));
    }
  });
  afterAll(async () => {
    await stack.close();
    await twilio.close();
  });

  const displayToken = async (id: number, apiKey: string) => {
    const res = await stack.request('POST', '/api/display/register', {
      body: { displayId: encodeDisplayId(id), apiKey },
    });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const sendSms = (id: string, from: string, text: string) => {
    const hook = genericWebhook(SECRET, { id, from, text });
    return stack.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
  };

  it('pushes an auto-approved SMS note to the display below the code word’s organization only', async () => {
    const a = await stack.connect(await displayToken(world.entities.displayA.id, 'key-a'));
    const b = await stack.connect(await displayToken(world.entities.displayB.id, 'key-b'));
    const seenByB = collect<NoteEvent>(b, 'note.created');
    const arrived = nextEvent<NoteEvent>(
      a,
      'note.created',
      (e) => e.data.note.text.includes('Dugnad'),
      10_000,
    );
    expect((await sendSms('e2e-1', '+4791111111', 'orga Dugnad på lørdag')).status).toBe(200);
    const event = await arrived;
    expect(event.entityId).toBe(world.entities.orgA.id);
    // Screens get only what they show: the note in the player's shape, no moderation fields.
    expect(event.data.note).toMatchObject({ text: '<p>Dugnad på lørdag</p>', state: 'active' });
    expect(event.data.note).not.toHaveProperty('approved');
    await new Promise((r) => setTimeout(r, 300));
    expect(seenByB).toEqual([]);
    // Only the sender's receipt went out: no board member was asked.
    await waitFor(async () => twilio.sent.length > 0);
    expect(twilio.sent.map((s) => s.to)).toEqual(['+4791111111']);
    twilio.sent.length = 0;
  });

  it('keeps an SMS from an unknown sender pending and texts only that tenant’s notification member', async () => {
    expect((await sendSms('e2e-2', '+4798765432', 'ORGA Who took my bike?')).status).toBe(200);
    const toMembers = () => twilio.sent.filter((s) => s.to !== '+4798765432');
    const sent = await waitFor(async () => (toMembers().length > 0 ? toMembers() : null));
    await new Promise((r) => setTimeout(r, 300));
    expect(toMembers().map((s) => s.to)).toEqual(['+4790000001']);
    expect(sent[0].text).toContain('Who took my bike?');
    // The sender hears that the note waits for the board, once.
    await waitFor(async () => twilio.sent.some((s) => s.to === '+4798765432'));
    expect(twilio.sent.filter((s) => s.to === '+4798765432').map((s) => s.text)).toEqual([
      'Takk! Meldingen din til skjermene til Org A venter på godkjenning fra styret. Du får svar når den er behandlet.',
    ]);
    const notes = await stack.request('GET', `/api/content/${world.entities.orgA.id}/note?approved=false`, {
      token: world.users.moderator.token,
    });
    expect(notes.body.map((n: { text: string }) => n.text)).toContain('<p>Who took my bike?</p>');
  });
});
