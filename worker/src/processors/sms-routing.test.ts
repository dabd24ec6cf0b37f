import { issueApprovalCode, unitOfWork } from '@oppslag/api/core';
import {
  autoApproveNumbers,
  createWorld,
  entities,
  notes,
  permissions,
  smsApprovalCodes,
  smsMessages,
  smsOptOuts,
  smsOutbound,
  startTestApi,
  type TestApi,
  users,
  type World,
} from '@oppslag/api/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeInboundSms } from '../test/inbound-sms';
import { processInboundSms } from './sms.processor';

/**
 * The SMS → note rules, called directly on stored messages (no webhook, relay or queue, so each
 * check answers at once; `sms.processor.test.ts` and `sms-loop.test.ts` run the whole pipeline):
 * the code word picks the entity, the sender's standing decides whether the note is published,
 * commands come before code words, and every outcome is written on the message with one reply.
 * The clock is fixed, so expiry is decided at a known instant.
 */
const NOW = new Date('2026-03-03T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;

describe('SMS routing (processInboundSms)', () => {
  let api: TestApi;
  let world: World;
  let notified = 0;

  beforeAll(async () => {
    api = await startTestApi();
    api.setNow(NOW);
    world = await createWorld(api.deps);
    api.deps.outbox.subscribe(() => {
      notified++;
    });
    const db = api.deps.database.db;
    const { orgA, orgB, groupA, displayA } = world.entities;
    await db.update(entities).set({ codeWord: 'Skjerm' }).where(eq(entities.id, displayA.id));
    await db.insert(autoApproveNumbers).values([
      { entityId: orgA.id, number: '004791111111', description: 'Board' },
      {
        entityId: orgA.id,
        number: '004792222222',
        description: 'Ended',
        expirationDate: new Date(NOW.getTime() - 1),
      },
      { entityId: orgA.id, number: '004792222223', description: 'Ends now', expirationDate: NOW },
      {
        entityId: orgA.id,
        number: '004792222224',
        description: 'Still valid',
        expirationDate: new Date(NOW.getTime() + 1),
      },
      { entityId: groupA.id, number: '004795555555', description: 'Group only' },
      { entityId: orgB.id, number: '004796666666', description: 'Other org' },
    ]);
    const phones: [number, string][] = [
      [world.users.owner.id, '004790000001'],
      [world.users.moderator.id, '004793333333'],
      [world.users.sibling.id, '004797777777'],
    ];
    for (const [id, phone] of phones)
      await db.update(users).set({ phoneVerifiedAt: new Date(), phoneNumber: phone }).where(eq(users.id, id));
    // The moderator (Org A) and the sibling (Org B) publish without moderation on their own boards.
    await db
      .update(permissions)
      .set({ autoApprove: true })
      .where(eq(permissions.userId, world.users.moderator.id));
    await db
      .update(permissions)
      .set({ autoApprove: true })
      .where(eq(permissions.userId, world.users.sibling.id));
  });
  afterAll(async () => {
    await api.close();
  });

  const db = () => api.deps.database.db;
  /** A stored inbound message, as the webhook leaves it for the sms job. */
  const stored = async (from: string, text: string) => (await storeInboundSms(db(), [from, text]))[0];
  const route = async (from: string, text: string) => {
    const id = await stored(from, text);
    return { id, outcome: await processInboundSms(api.deps, id) };
  };
  const noteOf = async (outcome: Awaited<ReturnType<typeof processInboundSms>>) => {
    if (outcome.status !== 'routed') throw new Error(`not routed: ${outcome.status}`);
    return (await db().select().from(notes).where(eq(notes.id, outcome.noteId)))[0];
  };
  const replyTo = async (id: number) =>
    (
      await db()
        .select()
        .from(smsOutbound)
        .where(eq(smsOutbound.idempotencyKey, `reply:${id}`))
    )[0];

  describe('the sender’s standing', () => {
    it('publishes from a number on the entity’s auto-approve list, with no owner, and says so', async () => {
      const { id, outcome } = await route('+4791111111', 'ORGA Vannet stenges');
      expect(outcome).toMatchObject({ status: 'routed', entityId: world.entities.orgA.id, approved: true });
      expect(await noteOf(outcome)).toMatchObject({
        approved: true,
        ownerId: null,
        text: '<p>Vannet stenges</p>',
      });
      expect(await replyTo(id)).toMatchObject({
        kind: 'reply_published',
        to: '004791111111',
        text: 'Takk! Meldingen din vises nå på skjermene til Org A.',
        organizationId: world.entities.orgA.id,
        entityId: world.entities.orgA.id,
      });
    });

    it('applies an ancestor’s list to a display below it, but not a descendant’s list upwards', async () => {
      const onDisplay = await route('+4791111111', 'skjerm På skjermen');
      expect(onDisplay.outcome).toMatchObject({ entityId: world.entities.displayA.id, approved: true });
      const groupNumber = await route('+4795555555', 'orga Fra gruppa');
      expect(groupNumber.outcome).toMatchObject({ approved: false });
      const groupToDisplay = await route('+4795555555', 'skjerm Fra gruppa');
      expect(groupToDisplay.outcome).toMatchObject({ approved: true });
    });

    it('keeps a note pending from a number listed on another organization, and answers that it waits', async () => {
      const { id, outcome } = await route('+4796666666', 'orga Fra naboen');
      expect(outcome).toMatchObject({ status: 'routed', approved: false });
      expect(await noteOf(outcome)).toMatchObject({ approved: false, ownerId: null });
      expect(await replyTo(id)).toMatchObject({
        kind: 'reply_pending',
        text: 'Takk! Meldingen din til skjermene til Org A venter på godkjenning fra styret. Du får svar når den er behandlet.',
      });
    });

    it('counts a listed number until its expiry instant, not at or after it', async () => {
      expect((await route('+4792222224', 'orga Gyldig')).outcome).toMatchObject({ approved: true });
      expect((await route('+4792222223', 'orga Utløper nå')).outcome).toMatchObject({ approved: false });
      expect((await route('+4792222222', 'orga Utløpt')).outcome).toMatchObject({ approved: false });
    });

    it('publishes from a member with autoApprove and makes them the owner', async () => {
      const { outcome } = await route('+4793333333', 'ORGA Møtet flyttes');
      expect(await noteOf(outcome)).toMatchObject({ approved: true, ownerId: world.users.moderator.id });
    });

    it('keeps a note from a member without autoApprove pending, still owned by them', async () => {
      const { outcome } = await route('+4790000001', 'ORGA Godkjenn meg');
      expect(outcome).toMatchObject({ approved: false });
      expect(await noteOf(outcome)).toMatchObject({ approved: false, ownerId: world.users.owner.id });
    });

    it('does not trust a member of another organization, whose autoApprove is for their own board', async () => {
      const { outcome } = await route('+4797777777', 'ORGA Fra en annen styreleder');
      expect(await noteOf(outcome)).toMatchObject({ approved: false, ownerId: null });
      const own = await route('+4797777777', 'ORGB Til eget styre');
      expect(await noteOf(own.outcome)).toMatchObject({ approved: true, ownerId: world.users.sibling.id });
    });
  });

  describe('code words and outcomes', () => {
    it('finds the entity by a case-insensitive, Unicode-normalized code word', async () => {
      expect((await route('+4791111111', 'ＯＲＧＡ breie bokstaver')).outcome).toMatchObject({
        entityId: world.entities.orgA.id,
      });
      expect((await route('+4791111111', 'SKJERM store')).outcome).toMatchObject({
        entityId: world.entities.displayA.id,
      });
    });

    it('keeps an unknown code word (or a deleted entity’s) on the message and sends the help text', async () => {
      const { id, outcome } = await route('+4791111111', 'ukjentkodeordsomerlengreenntrettitegn hei');
      expect(outcome).toEqual({ status: 'unknown_code_word' });
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id));
      expect(row).toMatchObject({
        status: 'unknown_code_word',
        entityId: null,
        noteId: null,
        processedAt: NOW,
      });
      expect(await replyTo(id)).toMatchObject({
        kind: 'reply_help',
        to: '004791111111',
        organizationId: null,
        entityId: null,
        // The code word is quoted back, cut at 30 characters.
        text: 'Vi fant ikke kodeordet «ukjentkodeordsomerlengreenntre». Skriv kodeordet som står på skjermen i oppgangen, et mellomrom og meldingen din. Send STOPP for ingen flere svar.',
      });
      await db().insert(entities).values({
        name: 'Revet',
        type: 'group',
        parentId: world.entities.orgA.id,
        codeWord: 'REVET',
        deleted: true,
      });
      expect((await route('+4791111111', 'revet hei')).outcome).toEqual({ status: 'unknown_code_word' });
      expect((await route('+4791111111', '   ')).outcome).toEqual({ status: 'unknown_code_word' });
    });

    it('answers no help text to a sender that is no phone number', async () => {
      const { id, outcome } = await route('12', 'ukjent hei');
      expect(outcome).toEqual({ status: 'unknown_code_word' });
      expect(await replyTo(id)).toBeUndefined();
    });

    it('keeps a message from a number that is no phone number, on its entity, without a note', async () => {
      const { id, outcome } = await route('12', 'ORGA hei');
      expect(outcome).toEqual({ status: 'invalid_sender' });
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id));
      expect(row).toMatchObject({ status: 'invalid_sender', entityId: world.entities.orgA.id, noteId: null });
      expect(await db().select().from(notes).where(eq(notes.smsMessageId, id))).toEqual([]);
      expect(await replyTo(id)).toBeUndefined();
    });

    it('keeps a code word without text as an empty message, without a note or reply', async () => {
      const { id, outcome } = await route('+4791111111', '  ORGA  ');
      expect(outcome).toEqual({ status: 'empty_message' });
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id));
      expect(row).toMatchObject({ status: 'empty_message', entityId: world.entities.orgA.id, noteId: null });
      expect(await db().select().from(notes).where(eq(notes.smsMessageId, id))).toEqual([]);
      expect(await replyTo(id)).toBeUndefined();
    });

    it('writes the note and its entity on the routed message and tells the relay once per message that committed events', async () => {
      const before = notified;
      const { id, outcome } = await route('+4791111111', 'orga Registrert');
      expect(notified).toBe(before + 1);
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, id));
      expect(row).toMatchObject({
        status: 'routed',
        entityId: world.entities.orgA.id,
        noteId: (outcome as { noteId: number }).noteId,
        processedAt: NOW,
      });
      // Once processed, the same message is left alone and nothing is signalled.
      expect(await processInboundSms(api.deps, id)).toEqual({ status: 'already_processed' });
      expect(await processInboundSms(api.deps, 999_999)).toEqual({ status: 'missing' });
      expect(notified).toBe(before + 1);
      // A help text (an outbound row and its event) for a number not yet at its reply limit.
      await route('+4791111177', 'ukjent hei');
      expect(notified).toBe(before + 2);
    });
  });

  describe('commands before code words', () => {
    it('records STOP without a reply and lifts it on START with one', async () => {
      const stop = await route('+4798888888', 'stopp');
      expect(stop.outcome).toEqual({ status: 'opted_out' });
      expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, '004798888888'))).toHaveLength(
        1,
      );
      expect(await replyTo(stop.id)).toBeUndefined();
      const [row] = await db().select().from(smsMessages).where(eq(smsMessages.id, stop.id));
      expect(row.status).toBe('opted_out');
      const start = await route('+4798888888', 'START');
      expect(start.outcome).toEqual({ status: 'opted_in' });
      expect(await db().select().from(smsOptOuts).where(eq(smsOptOuts.number, '004798888888'))).toEqual([]);
      expect(await replyTo(start.id)).toMatchObject({
        kind: 'reply_started',
        status: 'queued',
        text: 'Du får svar fra Oppslag igjen. Send STOPP for ingen flere svar.',
      });
    });

    it('reads a word that is a command but sent from no phone number as an unknown code word', async () => {
      expect((await route('12', 'STOP')).outcome).toEqual({ status: 'unknown_code_word' });
    });

    /** A pending SMS note on Org A with a code issued to the moderator's number. */
    const pendingWithCode = async (text: string) => {
      const { outcome } = await route('+4796666666', `orga ${text}`);
      const note = await noteOf(outcome);
      const code = await unitOfWork(api.deps, (tx) =>
        issueApprovalCode(
          tx,
          { noteId: note.id, userId: world.users.moderator.id, phone: '004793333333' },
          NOW,
        ),
      );
      return { note, code };
    };
    const codeRow = async (noteId: number) =>
      (await db().select().from(smsApprovalCodes).where(eq(smsApprovalCodes.noteId, noteId)))[0];

    it('publishes a pending note on JA with the code from the member’s number, once', async () => {
      const { note, code } = await pendingWithCode('Dugnad lørdag');
      const yes = await route('+4793333333', `ja ${code}`);
      expect(yes.outcome).toEqual({ status: 'code_reply' });
      expect((await db().select().from(notes).where(eq(notes.id, note.id)))[0].approved).toBe(true);
      expect(await codeRow(note.id)).toMatchObject({ decision: 'approved', usedAt: NOW });
      expect(await replyTo(yes.id)).toMatchObject({
        kind: 'code_answer',
        to: '004793333333',
        text: `Takk! Meldingen (${code}) er publisert på Org A.`,
      });
      const again = await route('+4793333333', `JA ${code}`);
      expect(await replyTo(again.id)).toMatchObject({
        text: `Meldingen med koden ${code} er allerede behandlet. Ingenting er endret.`,
      });
    });

    it('removes a pending note on NEI with the code', async () => {
      const { note, code } = await pendingWithCode('Selges billig');
      const no = await route('+4793333333', `NEI ${code}`);
      expect(no.outcome).toEqual({ status: 'code_reply' });
      expect(await db().select().from(notes).where(eq(notes.id, note.id))).toEqual([]);
      expect(await replyTo(no.id)).toMatchObject({ text: `Takk! Meldingen (${code}) til Org A er avvist.` });
    });

    it('changes nothing for a code from another number, or an expired one', async () => {
      const { note, code } = await pendingWithCode('Ikke din kode');
      const wrong = await route('+4790000001', `JA ${code}`);
      expect(wrong.outcome).toEqual({ status: 'code_reply' });
      expect(await replyTo(wrong.id)).toMatchObject({
        text: `Vi fant ingen ventende melding med koden ${code} for dette nummeret. Ingenting er endret.`,
      });
      expect((await db().select().from(notes).where(eq(notes.id, note.id)))[0].approved).toBe(false);

      // Codes last seven days: at that instant the code has expired.
      api.setNow(new Date(NOW.getTime() + 7 * DAY));
      try {
        const late = await route('+4793333333', `JA ${code}`);
        expect(await replyTo(late.id)).toMatchObject({
          text: `Koden ${code} er utløpt. Ingenting er endret; behandle meldingen i Oppslag.`,
        });
      } finally {
        api.setNow(NOW);
      }
      expect((await db().select().from(notes).where(eq(notes.id, note.id)))[0].approved).toBe(false);
      expect(await codeRow(note.id)).toMatchObject({ usedAt: null });
    });

    it('routes JA with a code that is not four digits as a note for the code word "ja"', async () => {
      const { id, outcome } = await route('+4793333333', 'JA 12345');
      expect(outcome).toEqual({ status: 'unknown_code_word' });
      expect(await replyTo(id)).toMatchObject({ kind: 'reply_help' });
    });
  });
});
