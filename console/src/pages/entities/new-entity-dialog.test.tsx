import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Entity } from '../../api/entities.api';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { setLanguage } from '../../i18n/index';
import { resetEntities, storeEntity } from '../../state/entities';
import { emptyEntities, setEntities } from '../../state/entities.reducer';
import { setToken } from '../../state/session';
import { store } from '../../state/store';
import { NewEntityDialog } from './new-entity-dialog';

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
const tokenFor = (admin: boolean) =>
  `${b64({ alg: 'HS256' })}.${b64({ user: { id: 7, email: 'kari@example.com', name: 'Kari', admin, language: 'en' } })}.sig`;
const entity = (id: number, name: string, permissions: string[]) =>
  ({ id, name, type: 'organization', parentId: null, permissions }) as unknown as Entity;

describe('NewEntityDialog', () => {
  beforeAll(async () => {
    await setLanguage('en');
  });
  beforeEach(() => {
    setToken(tokenFor(true));
    // What sign-in loaded: no entities yet, no profile (the dialog reads both from the query cache).
    queryClient.setQueryData(queryKeys.entities, setEntities(emptyEntities, []));
    queryClient.setQueryData(queryKeys.profile(7), null);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    resetEntities();
    queryClient.clear();
    setToken(null);
  });

  const open = () =>
    render(
      <Provider store={store}>
        <NewEntityDialog open parentId={null} onClose={() => undefined} />
      </Provider>,
    );

  it('answers a too short name and a too long code word at once, without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    open();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText(/^Code word/), { target: { value: 'abcdefghijk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Entity name has to be at least 3 characters long')).toBeTruthy();
    expect(screen.getByText('Code word cannot be more than 10 characters long')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'Failed to create entity.' and the server's reason when the API refuses", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Forbidden' } }), { status: 403 }),
    );
    open();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Blokk A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Failed to create entity. You do not have permission to do this.'),
    ).toBeTruthy();
  });

  it("puts a taken code word next to the code word field, in the user's language", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'code_word_taken',
            message: 'Code word is taken',
            fields: [{ path: 'codeWord', code: 'taken', message: 'Code word is taken' }],
          },
        }),
        { status: 409 },
      ),
    );
    open();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Blokk A' } });
    fireEvent.change(screen.getByLabelText(/^Code word/), { target: { value: 'GRONN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const reason = await screen.findByText('Already in use.');
    expect(screen.getByLabelText(/^Code word/).getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('offers an administrator only what the API allows: groups and displays below their entities', async () => {
    setToken(tokenFor(false));
    storeEntity(entity(1, 'Solsiden', ['read', 'moderate_content', 'create_entity', 'edit_entity']));
    storeEntity(entity(2, 'Nabolaget', ['read', 'moderate_content']));
    open();
    expect(screen.queryByLabelText(/^Code word/)).toBeNull();
    const options = (label: RegExp) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.text);
    expect(options(/^Type/)).toEqual(['Group', 'Display']);
    expect(options(/^Parent/)).toEqual(['Solsiden (Organization)']);
  });

  it('offers the superadmin a top-level organization with a code word', async () => {
    storeEntity(entity(1, 'Solsiden', []));
    open();
    expect(screen.getByLabelText(/^Code word/)).toBeTruthy();
    const parent = Array.from((screen.getByLabelText(/^Parent/) as HTMLSelectElement).options).map(
      (o) => o.text,
    );
    expect(parent[0]).toBe('No parent (top level)');
  });
});
