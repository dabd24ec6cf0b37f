import { loadPasswordLists } from '@oppslag/common';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { setLanguage } from '../../i18n/index';
import { currentToken } from '../../state/session';
import { PasswordCard } from './password-card';

describe('PasswordCard', () => {
  beforeAll(async () => {
    await setLanguage('en');
    // main.tsx loads zxcvbn's lists after the first paint; a password form is opened after that.
    await loadPasswordLists();
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

  it('refuses a guessable or common new password with the translated reason, without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<PasswordCard />);
    fill(/^Current password/, 'old password');
    fill(/^New password/, 'aaaaaaaa');
    fill(/^Confirm new password/, 'aaaaaaaa');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/too easy to guess/)).toBeTruthy();
    await setLanguage('no');
    fill(/^Nytt passord/, 'baseball1');
    fill(/^Bekreft nytt passord/, 'baseball1');
    fireEvent.click(screen.getByRole('button', { name: 'Bytt passord' }));
    expect(await screen.findByText('Dette passordet er for vanlig. Velg et annet.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    await setLanguage('en');
  });

  it("shows the server's reason when the new password is built from the organization name", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'x',
            fields: [{ path: 'newPassword', code: 'personal_info', message: 'x' }],
          },
        }),
        { status: 400 },
      ),
    );
    render(<PasswordCard />);
    fill(/^Current password/, 'old password');
    fill(/^New password/, 'solsiden2025');
    fill(/^Confirm new password/, 'solsiden2025');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'The password cannot contain your e-mail address or the name of your organization.',
      ),
    ).toBeTruthy();
    // The new password was refused: the form line does not blame the current one (issue 31 item 9).
    expect(await screen.findByText(/^Failed to update your password\./)).toBeTruthy();
    expect(screen.queryByText(/correct current password/)).toBeNull();
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

  it("checks by the API's own schema before sending: required, the length limit and the common-password list", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<PasswordCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // Every emptied field is told as missing, the confirmation too (issue 31 item 9).
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    fill(/^Current password/, 'old password');
    fill(/^New password/, 'short');
    fill(/^Confirm new password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    expect(screen.getByText('Password has to be at least 8 characters long')).toBeTruthy();
    fill(/^New password/, 'password123');
    fill(/^Confirm new password/, 'password123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too common. Please choose another one.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("puts the server's field reason next to its field, in the user's language", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'wrong_password',
            message: 'Wrong password',
            fields: [{ path: 'password', code: 'wrong_password', message: 'Wrong password' }],
          },
        }),
        { status: 400 },
      ),
    );
    render(<PasswordCard />);
    fill(/^Current password/, 'not it');
    fill(/^New password/, 'correct horse battery');
    fill(/^Confirm new password/, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const reason = await screen.findByText('The current password is not correct.');
    const input = screen.getByLabelText(/^Current password/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(reason.id);
  });
});
