// @vitest-environment node

import { createWorld, startTestApi, type TestApi, type World } from '@oppslag/api/testing';
import { contract } from '@oppslag/common/contract/index.ts';
import {
  ApiError,
  call,
  errorMessages,
  i18next,
  resetConfirmFailure,
  saveUserDetails,
  setToken,
} from '@oppslag/console/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The console's own client and message helper against the real API: what a person would read next
 * to each field, in Norwegian and English (issue 11 item 3: server reasons reached nobody).
 */
describe('server reasons reach the console', () => {
  let api: TestApi;
  let w: World;
  const no = () => i18next.getFixedT('no');
  const en = () => i18next.getFixedT('en');
  /** The call's refusal; fails the test if the call succeeds. */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => expect.unreachable('the API accepted it'),
      (err: unknown) => err,
    );

  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
    // The console calls relative /api paths; in Node they go to the test server.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, api.url), init));
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    setToken(null);
    await api.close();
  });

  it('reset confirm: a 5-character password is a password-field message, not the bad-link page', async () => {
    const err = await refusal(
      call(contract.auth.resetPasswordConfirm, { body: { token: 'x'.repeat(43), newPassword: '12345' } }),
    );
    const nb = resetConfirmFailure(err, no());
    expect(nb).toMatchObject({ badLink: false, fieldMessages: { newPassword: 'Må være minst 8 tegn.' } });
    expect(resetConfirmFailure(err, en())).toMatchObject({
      fieldMessages: { newPassword: 'Has to be at least 8 characters long.' },
    });
    // A long enough password with an unknown token is the bad link.
    const badLink = await refusal(
      call(contract.auth.resetPasswordConfirm, {
        body: { token: 'x'.repeat(43), newPassword: 'long-enough-password' },
      }),
    );
    expect(resetConfirmFailure(badLink, no())).toEqual({ badLink: true });
  });

  it('install: each refused field in the user language, and a form line that says what failed', async () => {
    const err = await refusal(
      call(contract.install.install, {
        body: { adminEmail: 'admin.example.no', adminPassword: 'kort', rootEntity: 'Bo' },
      }),
    );
    const shown = ['adminEmail', 'adminPassword', 'rootEntity'];
    const nb = errorMessages(err, no(), { failed: no()('auth:install.failed'), shown });
    expect(nb).toEqual({
      formMessage: 'Installasjonen mislyktes. Noen felt må rettes.',
      fieldMessages: {
        adminEmail: 'Skriv e-postadressen som navn@eksempel.no.',
        adminPassword: 'Må være minst 8 tegn.',
        rootEntity: 'Må være minst 3 tegn.',
      },
    });
    expect(errorMessages(err, en(), { shown }).fieldMessages.adminEmail).toBe(
      'Write the e-mail address as name@example.com.',
    );
  });

  it('new entity: code word taken by another entity, name too short', async () => {
    setToken(w.users.superadmin.token);
    const taken = await refusal(
      call(contract.entities.create, {
        body: { name: 'Blokk C', type: 'group', parentId: w.entities.orgA.id, codeWord: 'orgb' },
      }),
    );
    expect(taken).toBeInstanceOf(ApiError);
    expect(errorMessages(taken, no(), { failed: no()('entities:errors.create') })).toEqual({
      formMessage: 'Kunne ikke opprette enhet. Kodeordet brukes allerede av en annen enhet.',
      fieldMessages: { codeWord: 'Er allerede i bruk.' },
    });
    const short = await refusal(
      call(contract.entities.create, { body: { name: 'C', type: 'group', parentId: w.entities.orgA.id } }),
    );
    expect(errorMessages(short, en()).fieldMessages).toEqual({
      name: 'Has to be at least 3 characters long.',
    });
  });

  it('SMS code word too short on the settings card; a field the form does not show goes in the form line', async () => {
    setToken(w.users.superadmin.token);
    const err = await refusal(
      call(contract.entities.update, { params: { id: w.entities.orgA.id }, body: { codeWord: 'ab' } }),
    );
    expect(errorMessages(err, no(), { shown: ['codeWord', 'showCodeWord'] }).fieldMessages).toEqual({
      codeWord: 'Må være minst 3 tegn.',
    });
    const other = errorMessages(err, no(), { shown: ['name'] });
    expect(other).toEqual({ formMessage: 'codeWord: Må være minst 3 tegn.', fieldMessages: {} });
  });

  it('note dialog: a start before today is told at the start date', async () => {
    setToken(w.users.moderator.token);
    const yesterday = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    const err = await refusal(
      call(contract.notes.create, {
        params: { entityId: w.entities.orgA.id },
        body: {
          text: '<p>Dugnad</p>',
          icon: 'information',
          iconColor: '#019939',
          date: yesterday,
          end: null,
          sticky: false,
          approved: false,
        },
      }),
    );
    expect(errorMessages(err, no(), { shown: ['text', 'date', 'end'] }).fieldMessages).toEqual({
      date: 'Start kan ikke være før i dag.',
    });
    expect(errorMessages(err, en(), { shown: ['date'] }).fieldMessages.date).toBe(
      'Start cannot be before today.',
    );
  });

  it('profile form: invalid phone number and an e-mail address already in use', async () => {
    setToken(w.users.owner.token);
    const values = { name: 'Eier', email: 'owner@example.com', phoneNumber: '12' };
    const phone = await refusal(saveUserDetails(w.users.owner.id, values));
    expect(errorMessages(phone, no()).fieldMessages).toEqual({
      phoneNumber: 'Skriv inn et norsk mobilnummer, for eksempel 912 34 567.',
    });
    const used = await refusal(
      // One's own new address needs the current password (issue 14 item 2) before it is checked.
      saveUserDetails(
        w.users.owner.id,
        { ...values, phoneNumber: '', email: 'moderator@example.com' },
        'owner-password',
      ),
    );
    expect(errorMessages(used, en(), { failed: 'Failed to update profile settings.' })).toEqual({
      formMessage: 'Failed to update profile settings. The e-mail address is already in use.',
      fieldMessages: { email: 'Already in use.' },
    });
  });
});
