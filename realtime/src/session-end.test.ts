import { issueResetToken, unitOfWork } from '@oppslag/api/core';
import { createWorld, type World } from '@oppslag/api/testing';
import { startTestStack, type TestStack } from '@oppslag/stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A password the user sets themselves ends their sessions: REST with the old token gets 401, and
 * open sockets (which keep receiving pending note text) are cut off too, not only at reconnect.
 */
describe('sockets end with the password', () => {
  let stack: TestStack;
  let w: World;

  beforeAll(async () => {
    stack = await startTestStack({ worker: 'relay' });
    w = await createWorld(stack.deps);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const cutOff = (socket: Awaited<ReturnType<TestStack['connect']>>) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still open')), 5000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });

  it('cuts off open sockets when the user changes their password', async () => {
    const socket = await stack.connect(w.users.owner.token);
    const cut = cutOff(socket);
    const res = await stack.request('POST', '/api/account/change-password', {
      token: w.users.owner.token,
      body: {
        password: 'owner-password',
        newPassword: 'a-new-long-password-1',
        confirmNewPassword: 'a-new-long-password-1',
      },
    });
    expect(res.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    await expect(stack.connect(w.users.owner.token)).rejects.toMatchObject({
      data: { code: 'unauthorized' },
    });
    // The token the change answered with opens a socket again.
    (await stack.connect(res.body.token)).close();
  });

  it('cuts off open sockets when a reset link sets a new password', async () => {
    const socket = await stack.connect(w.users.moderator.token);
    const cut = cutOff(socket);
    const token = await unitOfWork(stack.deps, (tx) =>
      issueResetToken(tx, stack.deps, w.users.moderator.id, 'reset'),
    );
    const res = await stack.request('POST', '/api/authentication/reset-password/confirm', {
      body: { token, newPassword: 'another-long-password-2' },
    });
    expect(res.status).toBe(200);
    expect(await cut).toBe('io server disconnect');
    await expect(stack.connect(w.users.moderator.token)).rejects.toMatchObject({
      data: { code: 'unauthorized' },
    });
  });
});
