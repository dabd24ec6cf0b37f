import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { User } from '../../api/users.api';
import { setLanguage } from '../../i18n/index';
import { currentToken, setToken } from '../../state/session';
import { store } from '../../state/store';
import { ProfileCard } from './profile-card';

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
const tokenFor = (email: string) =>
  `${b64({ alg: 'HS256' })}.${b64({ user: { id: 7, email, name: 'Kari', admin: false, language: 'en' } })}.sig`;

describe('ProfileCard', () => {
  beforeAll(async () => {
    await setLanguage('en');
  });
  beforeEach(() => {
    queryClient.clear();
    setToken(tokenFor('kari@example.com'));
    // The profile as loaded at sign-in: the card reads it from the query cache.
    queryClient.setQueryData(queryKeys.profile(7), { ...user, email: 'kari@example.com' } as User);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    setToken(null);
  });

  const user = { id: 7, name: 'Kari', phoneNumber: null, language: 'en', admin: false };

  it('asks for the current password only when the e-mail changes, sends it and keeps the fresh token', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ user: { ...user, email: 'kari.ny@example.com' }, token: 'fresh-token' }),
        {
          status: 200,
        },
      ),
    );
    render(
      <Provider store={store}>
        <ProfileCard />
      </Provider>,
    );
    await screen.findByDisplayValue('kari@example.com');
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'kari.ny@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'kari-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile settings have been successfully updated!')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/account$/);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'kari.ny@example.com',
      currentPassword: 'kari-password',
    });
    expect(currentToken()).toBe('fresh-token');
  });

  it('sends no password when the e-mail stays', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ user: { ...user, email: 'kari@example.com' }, token: 'fresh-token' }), {
        status: 200,
      }),
    );
    render(
      <Provider store={store}>
        <ProfileCard />
      </Provider>,
    );
    await screen.findByDisplayValue('kari@example.com');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Kari N' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile settings have been successfully updated!')).toBeTruthy();
    const body = JSON.parse(String((fetchSpy.mock.calls[0] as [string, RequestInit])[1].body));
    expect(body).not.toHaveProperty('currentPassword');
  });
});
