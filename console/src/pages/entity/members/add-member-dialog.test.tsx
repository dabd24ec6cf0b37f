import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../i18n/index';
import { store } from '../../../state/store';
import { AddMemberDialog } from './add-member-dialog';

/** The add-member form checks by the API's member schema; the API's `0.email` reason lands on the e-mail field. */
// The first render loads the dialog's modules: under a busy machine that takes seconds.
describe('AddMemberDialog', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await setLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const open = () =>
    render(
      <Provider store={store}>
        <AddMemberDialog entityId={4} open onClose={() => undefined} />
      </Provider>,
    );

  it('refuses an invalid address with the spec text, without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    open();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'kari@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Email must be a valid e-mail address')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the server’s reason for the first member’s e-mail next to the e-mail field', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'Email is taken',
            fields: [{ path: '0.email', code: 'taken', message: 'Email is taken' }],
          },
        }),
        { status: 400 },
      ),
    );
    open();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' Kari@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const reason = await screen.findByText('Already in use.');
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-describedby')).toBe(reason.id);
    // The body is what the API's schema makes of the field: trimmed and lowercased.
    const [, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual([{ email: 'kari@example.com', role: 'moderator' }]);
  });
});
