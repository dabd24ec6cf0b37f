import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, smsMessages, smsOutbound } from '../../db/schema/index';
import { processInboundSms } from '../../domain/sms/inbound-batch';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Verified phone numbers (issue 28 item 5): a number counts for auto-approval (and JA/NEI and
 * member SMS, which share the same `phone_verified_at` check) only after its member typed the
 * 6-digit code sent to it, within 15 minutes and 5 tries, under their own sign-in. Through the real
 * routes; the code is read from the outbound SMS row, as the phone would receive it.
 */
const NOW = new Date('2026-06-01T10:00:00.000Z');
const PHONE = '004791234567';

describe('a member confirms their phone number with the SMS code', () => {
  let api: TestApi;
  let world: World;
  beforeAll(async () => {
    api = await startTestApi();
    api.setNow(NOW);
    world = await createWorld(api.deps);
    await api.deps.database.db
      .update(permissions)
      .set({ autoApprove: true })
      .where(
        and(
          eq(permissions.userId, world.users.moderator.id),
          eq(permissions.entityId, world.entities.orgA.id),
        ),
      );
  });
  afterAll(() => api.close());

  const setOwnPhone = (phoneNumber: string) =>
    api.request('PUT', '/api/account', { token: world.users.moderator.token, body: { phoneNumber } });
  const verify = (code: string) =>
    api.request('POST', '/api/account/phone/verify', { token: world.users.moderator.token, body: { code } });
  const lastCode = async () => {
    const rows = await api.deps.database.db
      .select()
      .from(smsOutbound)
      .where(eq(smsOutbound.kind, 'phone_verification'))
      .orderBy(smsOutbound.id);
    const last = rows.at(-1);
    expect(last?.to).toBe(PHONE);
    const code = /\b(\d{6})\b/.exec(last?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return { code: code ?? '', count: rows.length };
  };
  /** An SMS from the member's phone to Org A's code word, routed as the worker routes it. */
  const smsFromPhone = async (text: string) => {
    const [row] = await api.deps.database.db
      .insert(smsMessages)
      .values({
        provider: 'generic',
        providerMessageId: randomUUID(),
        from: PHONE,
        text: `orga ${text}`,
        raw: {},
      })
      .returning();
    return processInboundSms(api.deps, row.id);
  };
  const fieldOf = (res: { status: number; body: { error?: { fields?: { code: string }[] } } }) => {
    expect(res.status).toBe(400);
    return res.body.error?.fields?.[0]?.code;
  };

  it('a new number is unverified, gets a code by SMS and does not auto-approve', async () => {
    const res = await setOwnPhone('+47 912 34 567');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ phoneNumber: PHONE, phoneVerified: false });
    await lastCode();
    expect(await smsFromPhone('Heisen er ute av drift')).toMatchObject({ status: 'routed', approved: false });
  });

  it('wrong codes count down; the fifth ends the code; a new code confirms the number', async () => {
    const { code } = await lastCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const res = await verify(wrong);
      expect(fieldOf(res)).toBe('wrong_code');
      expect(res.body.error.fields[0].params).toEqual({ triesLeft: left });
    }
    expect(fieldOf(await verify(wrong))).toBe('code_expired');
    // The right code no longer works after five wrong ones.
    expect(fieldOf(await verify(code))).toBe('code_expired');
    expect(fieldOf(await verify('12345'))).toBe('invalid_format');

    const sent = await api.request('POST', '/api/account/phone/code', { token: world.users.moderator.token });
    expect(sent.body).toEqual({ sent: true });
    const fresh = await lastCode();
    const ok = await verify(fresh.code);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ phoneNumber: PHONE, phoneVerified: true });
    expect(await smsFromPhone('Vaskeriet er åpent')).toMatchObject({ status: 'routed', approved: true });
  });

  it('a number set by the superadmin needs the member to confirm it; a code lasts 15 minutes', async () => {
    const set = await api.request('PUT', `/api/users/${world.users.moderator.id}`, {
      token: world.users.superadmin.token,
      body: { phoneNumber: '+47 912 34 568' },
    });
    expect(set.status).toBe(200);
    expect(set.body.phoneVerified ?? set.body.user?.phoneVerified).toBe(false);
    // Back to the member's own number: unverified again, a new code is sent.
    expect((await setOwnPhone('+47 912 34 567')).body.user.phoneVerified).toBe(false);
    expect(await smsFromPhone('Søppelet er hentet')).toMatchObject({ status: 'routed', approved: false });
    const { code } = await lastCode();
    api.setNow(new Date(NOW.getTime() + 15 * 60_000 + 1));
    expect(fieldOf(await verify(code))).toBe('code_expired');
    api.setNow(NOW);
  });
});
