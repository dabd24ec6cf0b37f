import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './offline/register-sw';
import { App } from './player/App';
import { initialLanguage } from './player/i18n';
import { languageAtom } from './player/state';
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
