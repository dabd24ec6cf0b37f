import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setLanguage } from '../../i18n/index';
import { currentToken, setToken } from '../../state/session';
import { store } from '../../state/store';
import UserDetailsPage from './user-details-page';

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
const tokenFor = (id: number, email: string) =>
  `${b64({ alg: 'HS256' })}.${b64({ user: { id, email, name: 'Admin', admin: true, language: 'en' } })}.sig`;

const userRow = (id: number, email: string) => ({
  id,
  email,
  name: 'Admin',
  phoneNumber: null,
  language: 'en',
  admin: id === 1,
  permissions: [],
});

/**
 * The superadmin's user details page (issue 14, bug seen): on their own account the self-service
 * rule applies, so a new address asks for the current password and the fresh token is kept; on
 * someone else's account neither.
 */
// The first render loads the page's modules: under a busy machine that takes seconds.
describe('UserDetailsPage', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await setLanguage('en');
  });
  beforeEach(() => {
    queryClient.clear();
    setToken(tokenFor(1, 'admin@example.com'));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    setToken(null);
  });

  function serve(answers: Record<string, unknown>) {
    return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://x').pathname}`;
      if (!(key in answers)) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answers[key]), { status: 200 });
    });
  }
  const renderAt = (id: number) =>
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[`/admin/users/${id}`]}>
          <Routes>
            <Route path="/admin/users/:userId" element={<UserDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  const bodyOf = (spy: ReturnType<typeof serve>, key: string) => {
    const call = spy.mock.calls.find(
      ([u, i]) => `${i?.method ?? 'GET'} ${new URL(String(u), 'http://x').pathname}` === key,
    );
    return call ? JSON.parse(String(call[1]?.body)) : undefined;
  };

  it('changes the superadmin’s own e-mail with the current password and keeps the session', async () => {
    const spy = serve({
      'GET /api/users': [userRow(1, 'admin@example.com'), userRow(2, 'kari@example.com')],
      'PUT /api/account': { user: userRow(1, 'drift@example.com'), token: 'fresh-token' },
    });
    renderAt(1);
    await screen.findByDisplayValue('admin@example.com', {}, { timeout: 10_000 });
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'drift@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'admin-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('User details successfully updated.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(bodyOf(spy, 'PUT /api/account')).toMatchObject({
      email: 'drift@example.com',
      currentPassword: 'admin-password',
    });
    expect(bodyOf(spy, 'PUT /api/users/1')).toBeUndefined();
    expect(currentToken()).toBe('fresh-token');
  });

  it('changes someone else’s e-mail without a password, through the users route', async () => {
    const spy = serve({
      'GET /api/users': [userRow(1, 'admin@example.com'), userRow(2, 'kari@example.com')],
      'PUT /api/users/2': userRow(2, 'kari.ny@example.com'),
    });
    renderAt(2);
    await screen.findByDisplayValue('kari@example.com', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'kari.ny@example.com' } });
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('User details successfully updated.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(bodyOf(spy, 'PUT /api/users/2')).not.toHaveProperty('currentPassword');
    expect(currentToken()).not.toBe('fresh-token');
  });
});
