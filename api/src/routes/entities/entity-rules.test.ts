import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../test/fixtures';
import { startTestApi, type TestApi } from '../../test/harness';

/**
 * Issue 31 items 5 and 6 over HTTP: an emptied field is "required", settings in the wrong shape
 * are refused with a field code the console words ("Postnummeret må være 4 sifre"), empty windows
 * and backwards alert times are refused, and an organization keeps its code word.
 */
describe('entity settings and alerts refuse what cannot work', () => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await startTestApi();
    w = await createWorld(api.deps);
  });
  afterAll(() => api.close());

  const put = (id: number, body: object, token = w.users.superadmin.token) =>
    api.request('PUT', `/api/entities/${id}`, { token, body });
  const fields = (res: { body: { error?: { fields?: { path: string; code: string }[] } } }) =>
    (res.body.error?.fields ?? []).map((f) => `${f.path}:${f.code}`);

  it('calls an emptied name or SMS cap missing, not of the wrong type', async () => {
    expect(fields(await put(w.entities.orgA.id, { name: null }))).toEqual(['name:required']);
    expect(fields(await put(w.entities.orgA.id, { name: '' }))).toEqual(['name:required']);
    expect(fields(await put(w.entities.orgA.id, { smsDailyReplyLimit: null }))).toEqual([
      'smsDailyReplyLimit:required',
    ]);
  });

  it('refuses a postcode, organization number or code word of the wrong shape', async () => {
    expect(fields(await put(w.entities.orgA.id, { zip: 'abcde' }))).toEqual(['zip:invalid_format']);
    expect(fields(await put(w.entities.orgA.id, { orgnum: '12' }))).toEqual(['orgnum:invalid_format']);
    expect(fields(await put(w.entities.orgA.id, { codeWord: '<b>x</b>' }))).toEqual([
      'codeWord:invalid_format',
    ]);
    const ok = await put(w.entities.orgA.id, { zip: '0871', orgnum: '948 123 456', codeWord: 'Solbakken2' });
    expect(ok.status).toBe(200);
  });

  it('lets the superadmin change an organization’s code word but not remove it', async () => {
    const removed = await put(w.entities.orgA.id, { codeWord: null });
    expect(removed.status).toBe(400);
    expect(fields(removed)).toEqual(['codeWord:required']);
    // A group's optional code word can still be removed.
    await put(w.entities.groupA.id, { codeWord: 'gruppa' });
    expect((await put(w.entities.groupA.id, { codeWord: null })).status).toBe(200);
  });

  it('refuses quiet hours that start and end at the same time', async () => {
    const same = await put(w.entities.orgA.id, {
      quietHours: { start: '23:00', end: '23:00', mode: 'blank' },
    });
    expect(fields(same)).toEqual(['quietHours.end:same_as_start']);
    const night = await put(w.entities.orgA.id, {
      quietHours: { start: '23:00', end: '06:00', mode: 'dim' },
    });
    expect(night.status).toBe(200);
  });

  it('refuses an alert whose end time comes before its start', async () => {
    const alert = (from: string, to: string) =>
      api.request('POST', `/api/entities/${w.entities.orgA.id}/alerts`, {
        token: w.users.owner.token,
        body: { template: 'water-leak', from, to },
      });
    expect(fields(await alert('14:00', '10:00'))).toEqual(['to:end_before_start']);
    expect((await alert('10:00', '14:00')).status).toBe(201);
  });

  it('refuses a second entity of the same name under one parent, on create and rename (item 7)', async () => {
    const create = (name: string, parentId: number) =>
      api.request('POST', '/api/entities', {
        token: w.users.superadmin.token,
        body: { name, type: 'group', parentId },
      });
    expect((await create('Blokk C', w.entities.orgA.id)).status).toBe(201);
    const twin = await create(' blokk c ', w.entities.orgA.id);
    expect(fields(twin)).toEqual(['name:taken']);
    // The same name under another parent is another place.
    expect((await create('Blokk C', w.entities.orgB.id)).status).toBe(201);
    expect(fields(await put(w.entities.groupA.id, { name: 'Blokk C' }))).toEqual(['name:taken']);
  });

  it('refuses the same auto-approve number twice on one entity, and an expiry already past (item 7)', async () => {
    const path = `/api/entities/${w.entities.orgA.id}/auto-approve-numbers`;
    const add = (body: object) => api.request('POST', path, { token: w.users.owner.token, body });
    const first = await add({ number: '912 34 567', description: 'Styreleder' });
    expect(first.status).toBe(201);
    expect(fields(await add({ number: '+4791234567', description: 'Igjen' }))).toEqual(['number:taken']);
    expect(fields(await add({ number: '912 34 568', expirationDate: '2020-01-01' }))).toEqual([
      'expirationDate:in_past',
    ]);
    // Saving the first again (its own number) is no duplicate.
    const again = await api.request('PUT', `${path}/${first.body.id}`, {
      token: w.users.owner.token,
      body: { number: '91234567', description: 'Styreleder Per' },
    });
    expect(again.status).toBe(200);
  });
});
