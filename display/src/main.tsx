import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './offline/register-sw';
import { App } from './player/App';
import { initialLanguage } from './player/i18n';
import { languageAtom } from './player/state';
// Emoji in notes and SMS are drawn with a colour font shipped with the player (SIL OFL 1.1), not
// whatever the kiosk's OS has: a stairwell PC often has none and shows empty boxes. Split by
// unicode-range, so a screen loads only the chunks its texts use.
import '@fontsource/noto-color-emoji/400.css';
import './styles.css';

const store = createStore();
store.set(languageAtom, initialLanguage(location.search));
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
