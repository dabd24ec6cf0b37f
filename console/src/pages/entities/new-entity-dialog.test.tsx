import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index';
import { store } from '../../state/store';
import { NewEntityDialog } from './new-entity-dialog';

describe('NewEntityDialog', () => {
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
});
