import { describe, expect, it } from 'vitest';
import { buildPath, createClient, type Fetcher } from './client';
import { notesContract } from './notes.contract';

describe('typed client', () => {
  it('fills the path template, encodes values and leaves out undefined query values', () => {
    expect(buildPath('/content/{entityId}/note/{noteId}', { entityId: 3, noteId: 'a b' }, undefined)).toBe(
      '/content/3/note/a%20b',
    );
    expect(buildPath('/users', undefined, { q: 'å', page: 2, skip: undefined })).toBe(
      '/users?q=%C3%A5&page=2',
    );
    expect(() => buildPath('/content/{entityId}/note', {}, undefined)).toThrow(/entityId/);
  });

  it('sends method, path and body to the transport and parses the answer when asked', async () => {
    const seen: [string, string, unknown][] = [];
    const answer = { id: 7, deleted: true, extra: 'dropped' };
    const fetcher: Fetcher = async (method, path, opts) => {
      seen.push([method, path, opts.body]);
      return answer;
    };
    const strict = createClient(fetcher, { validate: true });
    const res = await strict.call(notesContract.remove, { params: { entityId: 1, noteId: 7 } });
    expect(seen).toEqual([['DELETE', '/content/1/note/7', undefined]]);
    expect(res).toEqual({ id: 7, deleted: true });
    await expect(
      createClient(async () => ({ id: 'x' }), { validate: true }).call(notesContract.remove, {
        params: { entityId: 1, noteId: 7 },
      }),
    ).rejects.toThrow();
  });
});
