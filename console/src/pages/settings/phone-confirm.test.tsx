import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { User } from '../../api/users.api';
import { setLanguage } from '../../i18n/index';
import { setToken } from '../../state/session';
import { PhoneConfirm } from './phone-confirm';

/** The profile's phone state (issue 28 item 5): an unconfirmed number asks for the SMS code. */
describe('PhoneConfirm', () => {
  const unverified: User = {
    id: 7,
    email: 'kari@example.com',
    name: 'Kari',
    phoneNumber: '004791234567',
    phoneVerified: false,
    language: 'en',
    admin: false,
  };
  beforeAll(async () => {
    await setLanguage('en');
  });
  beforeEach(() => {
    queryClient.clear();
    setToken('t');
  });
  afterEach(async () => {
    cleanup();
    vi.restoreAllMocks();
    setToken(null);
    await setLanguage('en');
  });

  it('asks for the code, shows the translated wrong-code reason, then stores the confirmed profile', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({
            error: {
              code: 'validation_failed',
              message: 'x',
              fields: [{ path: 'code', code: 'wrong_code', message: 'x', params: { triesLeft: 4 } }],
            },
          }),
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ user: { ...unverified, phoneVerified: true } }), { status: 200 }),
      );
    render(<PhoneConfirm profile={unverified} />);
    expect(screen.getByRole('status').textContent).toMatch(/not confirmed yet/);
    fireEvent.change(screen.getByLabelText(/Code from the SMS/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByText('The code is not correct. 4 tries left.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByText('Phone number confirmed.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[1] ?? [];
    expect(String(url)).toMatch(/\/api\/account\/phone\/verify$/);
    expect(JSON.parse(String(init?.body))).toEqual({ code: '123456' });
    expect(queryClient.getQueryData<User>(queryKeys.profile(7))?.phoneVerified).toBe(true);
  });

  it('refuses a code that is not 6 digits without asking the API, in Norwegian too', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await setLanguage('no');
    render(<PhoneConfirm profile={unverified} />);
    fireEvent.change(screen.getByLabelText(/Kode fra SMS-en/), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bekreft nummeret' }));
    expect(await screen.findByRole('button', { name: 'Send en ny kode' })).toBeTruthy();
    expect(await screen.findByText('Sjekk hvordan dette er skrevet.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a confirmed number as confirmed and nothing without a number', () => {
    const { rerender } = render(<PhoneConfirm profile={{ ...unverified, phoneVerified: true }} />);
    expect(screen.getByTestId('phone-verified').textContent).toBe('Phone number confirmed.');
    rerender(<PhoneConfirm profile={{ ...unverified, phoneNumber: null }} />);
    expect(screen.queryByTestId('phone-verified')).toBeNull();
    expect(screen.queryByTestId('phone-confirm')).toBeNull();
  });
});
