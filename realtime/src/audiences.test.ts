import { createWorld, type World } from '@oppslag/api/testing';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Push = {
  type: string;
  payload: { id?: string; seq?: number; entityId?: number | null; data?: unknown };
};

/** Every push a socket receives, in order. */
function record(socket: ClientSocket): Push[] {
  const seen: Push[] = [];
  socket.onAny((type: string, payload: Push['payload']) => seen.push({ type, payload }));
  return seen;
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(20);
  }
}

/** Public screens receive only what they show; consoles receive what their user may read. */
describe('audiences', () => {
  let stack: TestStack;
  let w: World;

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('keeps pending notes, member changes and entity records off display sockets; consoles get them', async () => {
    const { orgA, displayA } = w.entities;
    const display = await stack.connect(await stack.deps.tokens.signDisplay(displayA.id, 0));
    const console = await stack.connect(w.users.moderator.token);
    const toDisplay = record(display);
    const toConsole = record(console);

    const pending = await stack.request('POST', `/api/content/${orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: 'PENDING-SMS-TEXT 98765432', date: new Date().toISOString(), approved: false },
    });
    expect(pending.status).toBe(201);
    const member = await stack.request('POST', `/api/entities/${orgA.id}/members`, {
      token: w.users.superadmin.token,
      body: [{ email: w.users.sibling.email, role: 'moderator' }],
    });
    expect(member.status).toBeLessThan(300);
    const edit = await stack.request('PUT', `/api/entities/${orgA.id}`, {
      token: w.users.owner.token,
      body: { displayInformation: 'Styret treffes tirsdager' },
    });
    expect(edit.status).toBe(200);
    // Then one thing the screen does show, which arrives after the three in orgA's sequence.
    const shown = await stack.request('POST', `/api/content/${orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: 'Approved notice', date: new Date().toISOString(), approved: true },
    });
    expect(shown.status).toBe(201);

    await until(() => toDisplay.some((p) => p.type === 'note.created'), 'the approved note on the display');
    await until(
      () =>
        ['note.created', 'member.added', 'entity.updated'].every((t) => toConsole.some((p) => p.type === t)),
      'the console’s events',
    );

    // The console: the pending note with its text, the membership, the entity record.
    const consoleJson = JSON.stringify(toConsole);
    expect(consoleJson).toContain('PENDING-SMS-TEXT 98765432');
    expect(toConsole.find((p) => p.type === 'member.added')?.payload.data).toMatchObject({
      userId: w.users.sibling.id,
      role: 'moderator',
    });
    expect(toConsole.find((p) => p.type === 'entity.updated')?.payload.data).toMatchObject({
      entity: { id: orgA.id, displayInformation: 'Styret treffes tirsdager' },
    });

    // The display: the pending note and the member change only as sequence markers, the entity
    // change as the names of what changed (it fetches the manifest), the approved note as shown.
    const orgEvents = toDisplay.filter((p) => p.type !== 'sync' && p.payload.entityId === orgA.id);
    expect(orgEvents.map((p) => p.type)).toEqual(['withheld', 'withheld', 'entity.updated', 'note.created']);
    for (const p of orgEvents.slice(0, 2))
      expect(Object.keys(p.payload).sort()).toEqual(['entityId', 'id', 'seq']);
    expect(orgEvents[2].payload.data).toEqual({ changed: ['displayInformation'] });
    expect(orgEvents[3].payload.data).toEqual({
      note: {
        id: shown.body.id,
        entityId: orgA.id,
        text: expect.stringContaining('Approved notice'),
        icon: shown.body.icon,
        iconColor: shown.body.iconColor,
        date: shown.body.date,
        end: null,
        sticky: false,
        state: 'active',
        schedule: null,
      },
    });
    const displayJson = JSON.stringify(toDisplay);
    for (const secret of [
      'PENDING-SMS-TEXT',
      `"id":${pending.body.id},`,
      w.users.sibling.email,
      'Styret treffes',
      '"approved"',
      '"ownerId"',
      '"apiKey"',
    ])
      expect(displayJson).not.toContain(secret);
    // Sequence numbers stay whole on the display, so it sees no gap where it was not told.
    const seqs = orgEvents.map((p) => p.payload.seq ?? 0);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1] + 1);
    display.close();
    console.close();
  });

  it('takes a note off the screens when it is rejected, without its text', async () => {
    const { orgA, displayA } = w.entities;
    const display = await stack.connect(await stack.deps.tokens.signDisplay(displayA.id, 0));
    const toDisplay = record(display);
    const note = await stack.request('POST', `/api/content/${orgA.id}/note`, {
      token: w.users.owner.token,
      body: { text: 'Shown for a while', date: new Date().toISOString(), approved: true },
    });
    await until(() => toDisplay.some((p) => p.type === 'note.created'), 'the note on the display');
    const reject = await stack.request('PUT', `/api/content/${orgA.id}/note/${note.body.id}`, {
      token: w.users.owner.token,
      body: { approved: false, text: 'REJECTED-EDIT' },
    });
    expect(reject.status).toBe(200);
    await until(() => toDisplay.some((p) => p.type === 'note.deleted'), 'the removal on the display');
    expect(toDisplay.find((p) => p.type === 'note.deleted')?.payload.data).toEqual({ id: note.body.id });
    expect(JSON.stringify(toDisplay)).not.toContain('REJECTED-EDIT');
    display.close();
  });
});
