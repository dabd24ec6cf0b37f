// `@oppslag/console/testing`: the console's own client, state and message helpers for tests that
// drive them against the real API from outside the web app (e2e/console/errors-client.test.ts).
export { ApiError } from './api/api-error';
export { errorMessages } from './api/error-messages';
export { call } from './api/typed-client';
export { saveUserDetails } from './api/users.api';
export { default as i18next } from './i18n/index';
export { resetConfirmFailure } from './pages/auth/reset-confirm.logic';
export { setToken } from './state/session';
