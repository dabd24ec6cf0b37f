import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, seedDemo } from '../../seed/demo';
import { startTestApi, type TestApi } from '../../test/harness';

const signIn = (api: TestApi, email: string, password: string) =>
  api.request('POST', '/api/authentication/login', { body: { email, password } });

/** A demo database carried into production (issue 26 item 5): its published passwords stay shut. */
describe('demo passwords in production', () => {
  const apis: TestApi[] = [];
  afterAll(() => Promise.all(apis.map((a) => a.close())));

  it('refuse to sign in every demo account; a wrong password answers as before', async () => {
    const api = await startTestApi({ env: { NODE_ENV: 'production' } });
    apis.push(api);
    expect(api.deps.config.production).toBe(true);
    await seedDemo(api.deps);
    for (const login of DEMO_LOGINS) {
      const res = await signIn(api, login.email, login.password);
      expect(res.status, login.email).toBe(403);
      expect(res.body.error.code).toBe('demo_password_refused');
      expect(res.body).not.toHaveProperty('token');
    }
    // A wrong password still answers as any wrong password does.
    const wrong = await signIn(api, DEMO_LOGINS[0].email, 'not-the-password');
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });

  it('sign in outside production (the demo works as before)', async () => {
    const api = await startTestApi();
    apis.push(api);
    await seedDemo(api.deps);
    const res = await signIn(api, DEMO_LOGINS[0].email, DEMO_LOGINS[0].password);
    expect(res.status).toBe(200);
  });
});
