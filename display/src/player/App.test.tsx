import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSession, saveSession } from '../api/session';
import { writeCached } from '../offline/cache';
import { wireContent, wireManifest, wireNote } from '../test-utils';
import { App } from './App';
import { initialLanguage } from './i18n';
import { languageAtom } from './state';

// The socket is replaced by a recorder: these tests are about registration, not the gateway.
const sockets = vi.hoisted(() => ({ tokens: [] as string[] }));
vi.mock('../realtime/socket', () => ({
  connectRealtime: (token: string) => {
    sockets.tokens.push(token);
    return { close: () => undefined, retry: () => undefined };
  },
}));

const manifest = wireManifest({
  modules: [{ name: 'notes' }],
  display: {
    id: 7,
    name: 'Oppgang A',
    noteBoardBackgroundColor: '#daedf1',
    bannerFallbackText: null,
    orientation: 0,
    largePrint: false,
  },
});

function serve(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[path];
    return route ? route() : new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderApp = () =>
  render(
    <Provider store={createStore()}>
      <App />
    </Provider>,
  );

describe('App registration', () => {
  beforeEach(() => {
    localStorage.clear();
    sockets.tokens = [];
    history.replaceState(null, '', '/display/');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for display id and API key, registers and shows the board', async () => {
    const fetchMock = serve({
      '/api/display/register': () => json({ token: 'display-token', manifest }),
      '/api/display/manifest': () => json(manifest),
      '/api/display/content': () =>
        json(wireContent({ notes: [{ ...wireNote(1, '<p>Velkommen</p>'), date: '2020-01-01T00:00:00Z' }] })),
    });
    renderApp();
    expect(screen.getByRole('heading').textContent).toBe('Registrer skjerm');
    fireEvent.change(screen.getByLabelText('Skjerm-ID'), { target: { value: 'abcdefghij' } });
    fireEvent.change(screen.getByLabelText('API-nøkkel'), { target: { value: 'key-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(
      await screen.findByText('Velkommen', { selector: '[data-testid="note"] *' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0][1]?.body as string)).toEqual({
      displayId: 'abcdefghij',
      apiKey: 'key-1',
    });
    expect(loadSession()).toEqual({ displayId: 'abcdefghij', token: 'display-token' });
    expect(sockets.tokens).toEqual(['display-token']);
  }, 15_000);

  it('speaks English when the link asks for it, also after registration', async () => {
    serve({
      '/api/display/register': () => json({ token: 'en-token', manifest }),
      '/api/display/manifest': () => json(manifest),
      '/api/display/content': () => json(wireContent()),
    });
    history.replaceState(null, '', '/display/?lang=en#displayId=abcdefghij&apiKey=key-3');
    const store = createStore();
    store.set(languageAtom, initialLanguage(location.search));
    render(
      <Provider store={store}>
        <App />
      </Provider>,
    );
    expect(await screen.findByText('No notices right now', {}, { timeout: 5000 })).toBeTruthy();
    expect(location.search).toBe('?lang=en');
    expect(location.hash).toBe('');
  });

  it('says so when the id or key is wrong', async () => {
    serve({ '/api/display/register': () => json({ error: { code: 'unauthorized', message: 'no' } }, 401) });
    renderApp();
    fireEvent.change(screen.getByLabelText('Skjerm-ID'), { target: { value: 'abcdefghij' } });
    fireEvent.change(screen.getByLabelText('API-nøkkel'), { target: { value: 'wrong' } });
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect((await screen.findByRole('alert')).textContent).toBe('Ukjent skjerm-ID eller feil API-nøkkel.');
    expect(loadSession()).toBeNull();
  });

  it('registers from a setup link in the fragment and removes the key from the address bar', async () => {
    serve({
      '/api/display/register': () => json({ token: 'setup-token', manifest }),
      '/api/display/manifest': () => json(manifest),
      '/api/display/content': () =>
        json(wireContent({ notes: [{ ...wireNote(2, 'Oppsatt'), date: '2020-01-01T00:00:00Z' }] })),
    });
    history.replaceState(null, '', '/display/#displayId=abcdefghij&apiKey=key-2');
    renderApp();
    expect(await screen.findByText('Oppsatt', { selector: '[data-testid="note"] *' })).toBeTruthy();
    expect(location.hash).toBe('');
    expect(loadSession()?.token).toBe('setup-token');
  });

  it('takes no credentials from the query string, which servers log', async () => {
    const fetchMock = serve({});
    history.replaceState(null, '', '/display/?displayId=abcdefghij&apiKey=key-2');
    renderApp();
    expect(screen.getByRole('heading').textContent).toBe('Registrer skjerm');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills in the display id from a link without a key', async () => {
    serve({});
    history.replaceState(null, '', '/display/#displayId=abcdefghij');
    renderApp();
    expect((screen.getByLabelText('Skjerm-ID') as HTMLInputElement).value).toBe('abcdefghij');
    expect(location.hash).toBe('');
  });

  it('registers again from a setup link even when a session exists', async () => {
    saveSession({ displayId: 'abcdefghij', token: 'stale-token' });
    serve({
      '/api/display/register': () => json({ token: 'fresh-token', manifest }),
      '/api/display/manifest': () => json(manifest),
      '/api/display/content': () => json(wireContent()),
    });
    history.replaceState(null, '', '/display/#displayId=abcdefghij&apiKey=new-key');
    renderApp();
    await vi.waitFor(() => expect(loadSession()?.token).toBe('fresh-token'));
  });

  it('shows a console preview with its in-memory token and stores nothing', async () => {
    saveSession({ displayId: 'realscreen', token: 'screen-token' });
    const fetchMock = serve({
      '/api/display/manifest': () => json(manifest),
      '/api/display/content': () =>
        json(wireContent({ notes: [{ ...wireNote(3, 'Forhåndsvisning'), date: '2020-01-01T00:00:00Z' }] })),
    });
    history.replaceState(null, '', '/display/#preview=preview-token&displayId=abcdefghij');
    renderApp();
    // Long words carry soft hyphens on the board (lib/hyphenate.ts): compared without them.
    expect(
      await screen.findByText('Forhåndsvisning', {
        selector: '[data-testid="note"] *',
        normalizer: (text) => text.replace(/\u00AD/g, '').trim(),
      }),
    ).toBeTruthy();
    expect(location.hash).toBe('');
    const auth = fetchMock.mock.calls.map((c) => new Headers(c[1]?.headers).get('authorization'));
    expect(auth).toContain('Bearer preview-token');
    expect(auth).not.toContain('Bearer screen-token');
    expect(sockets.tokens).toEqual(['preview-token']);
    // The real screen's session stays, and the preview's token and answers are kept nowhere.
    expect(loadSession()).toEqual({ displayId: 'realscreen', token: 'screen-token' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('preview-token');
    expect(Object.keys(localStorage).some((k) => k.includes('abcdefghij'))).toBe(false);
  });

  it('says the preview has ended when its token is refused, and leaves the screen’s session alone', async () => {
    saveSession({ displayId: 'realscreen', token: 'screen-token' });
    serve({ '/api/display/manifest': () => json({}, 401), '/api/display/content': () => json({}, 401) });
    history.replaceState(null, '', '/display/#preview=old-preview&displayId=abcdefghij');
    renderApp();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Forhåndsvisningen er utløpt. Åpne den på nytt fra konsollen.',
    );
    expect(loadSession()?.token).toBe('screen-token');
  });

  it('returns to registration with a clear message when the key was regenerated', async () => {
    saveSession({ displayId: 'abcdefghij', token: 'old-token' });
    serve({ '/api/display/manifest': () => json({}, 401), '/api/display/content': () => json({}, 401) });
    renderApp();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'API-nøkkelen for denne skjermen er ikke lenger gyldig. Registrer skjermen på nytt.',
    );
    expect(loadSession()).toBeNull();
  });
  describe('boot without network (kiosk start URL)', () => {
    let down = true;
    const serveUnlessDown = (routes: Record<string, () => Response>) => {
      const inner = serve(routes);
      const outer = vi.fn(async (url: string, init?: RequestInit) => {
        if (down) throw new TypeError('Failed to fetch');
        return inner(url, init);
      });
      vi.stubGlobal('fetch', outer);
      return outer;
    };
    const routes = {
      '/api/display/register': () => json({ token: 'kiosk-token', manifest }),
      '/api/display/manifest': () => json(manifest),
      '/api/display/content': () =>
        json(wireContent({ notes: [{ ...wireNote(3, '<p>Fersk</p>'), date: '2020-01-01T00:00:00Z' }] })),
    };
    beforeEach(() => {
      down = true;
    });

    it('says it is connecting, not the form, and registers once the server answers', async () => {
      const fetchMock = serveUnlessDown(routes);
      history.replaceState(null, '', '/display/#displayId=abcdefghij&apiKey=kiosk-key');
      renderApp();
      expect(screen.getByTestId('connecting')).toBeTruthy();
      await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1), { timeout: 4000 });
      expect(screen.queryByRole('heading')).toBeNull();
      down = false;
      expect(
        await screen.findByText('Fersk', { selector: '[data-testid="note"] *' }, { timeout: 8000 }),
      ).toBeTruthy();
      expect(loadSession()?.token).toBe('kiosk-token');
    }, 15_000);

    it('plays the cached content of a stored session while registering again in the background', async () => {
      saveSession({ displayId: 'abcdefghij', token: 'stored-token' });
      writeCached('abcdefghij', 'manifest', { body: manifest, etag: null, savedAt: 0 });
      writeCached('abcdefghij', 'content', {
        body: wireContent({ notes: [{ ...wireNote(4, '<p>Lagret</p>'), date: '2020-01-01T00:00:00Z' }] }),
        etag: null,
        savedAt: 0,
      });
      serveUnlessDown(routes);
      history.replaceState(null, '', '/display/#displayId=abcdefghij&apiKey=kiosk-key');
      renderApp();
      expect(await screen.findByText('Lagret', { selector: '[data-testid="note"] *' })).toBeTruthy();
      expect(screen.queryByRole('heading')).toBeNull();
      down = false;
      await vi.waitFor(() => expect(loadSession()?.token).toBe('kiosk-token'), { timeout: 8000 });
      expect(
        await screen.findByText('Fersk', { selector: '[data-testid="note"] *' }, { timeout: 8000 }),
      ).toBeTruthy();
    }, 20_000);
  });
});
