import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { setLanguage } from '../../i18n/index';
import { currentToken } from '../../state/session';
import { PasswordCard } from './password-card';

describe('PasswordCard', () => {
  beforeAll(async () => {
    await setLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it("refuses mismatching new passwords with the spec's message, without calling the API", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<PasswordCard />);
    fill(/^Current password/, 'old password');
    fill(/^New password/, 'correct horse battery');
    fill(/^Confirm new password/, 'correct horse battery!');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords does not match. Please try again.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the success message and keeps the session on the fresh token the API answered', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ passwordChanged: true, token: 'fresh-token' }), { status: 200 }),
    );
    render(<PasswordCard />);
    fill(/^Current password/, 'old password');
    fill(/^New password/, 'correct horse battery');
    fill(/^Confirm new password/, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password have been successfully updated!')).toBeTruthy();
    expect(currentToken()).toBe('fresh-token');
    expect(i18n.language).toBe('en');
  });

  it('shows the failure message when the current password is wrong', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'wrong_password', message: 'Wrong password' } }), {
        status: 400,
      }),
    );
    render(<PasswordCard />);
    fill(/^Current password/, 'not it');
    fill(/^New password/, 'correct horse battery');
    fill(/^Confirm new password/, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Failed to update your password. Please confirm you entered the correct current password.',
      ),
    ).toBeTruthy();
  });
});
