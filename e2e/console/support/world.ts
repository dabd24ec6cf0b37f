import { genericWebhook } from '@oppslag/api/testing';
import type { TestStack } from '@oppslag/stack/testing';
import type { BrowserContext, Page } from 'playwright-core';

export const ADMIN = { email: 'admin@example.no', password: 'correct horse battery' };
export const ROOT_NAME = 'Oppslag drift';

/** Installs through the API and signs the superadmin in; returns the token. */
export async function installAndSignIn(stack: TestStack): Promise<string> {
  const install = await stack.request('POST', '/api/admin/install', {
    body: { adminEmail: ADMIN.email, adminPassword: ADMIN.password, rootEntity: ROOT_NAME },
  });
  if (install.status >= 300)
    throw new Error(`install failed: ${install.status} ${JSON.stringify(install.body)}`);
  const token = await signIn(stack, ADMIN.email, ADMIN.password);
  // The install creates the installer's organization; these worlds build their own organizations
  // under the bare system root (the tour test walks the install and keeps it).
  const removed = await stack.request('DELETE', `/api/entities/${install.body.organization.id}`, {
    token,
    body: { withChildren: true },
  });
  if (removed.status !== 200)
    throw new Error(`could not remove the installed organization: ${removed.status}`);
  return token;
}

export async function signIn(stack: TestStack, email: string, password: string): Promise<string> {
  const res = await stack.request('POST', '/api/authentication/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export interface EntityRow {
  id: number;
  name: string;
  type: string;
  parentId: number | null;
  displayId: string | null;
  apiKey?: string | null;
}

export async function createEntity(
  stack: TestStack,
  token: string,
  body: { name: string; type: string; parentId?: number; codeWord?: string },
): Promise<EntityRow> {
  const res = await stack.request('POST', '/api/entities', { token, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as EntityRow;
}

export async function rootId(stack: TestStack, token: string): Promise<number> {
  const res = await stack.request('GET', '/api/entities', { token });
  const root = (res.body as EntityRow[]).find((e) => e.parentId === null);
  if (!root) throw new Error('no root entity');
  return root.id;
}

/** Adds a member and gives them a known password (via the superadmin's Generate New Password). */
export async function createMember(
  stack: TestStack,
  token: string,
  entityId: number,
  email: string,
  role: 'owner' | 'administrator' | 'moderator',
): Promise<{ id: number; password: string }> {
  const added = await stack.request('POST', `/api/entities/${entityId}/members`, {
    token,
    body: [{ email, role }],
  });
  if (added.status !== 201)
    throw new Error(`add member failed: ${added.status} ${JSON.stringify(added.body)}`);
  const users = (await stack.request('GET', '/api/users', { token })).body as { id: number; email: string }[];
  const user = users.find((u) => u.email === email)!;
  const generated = await stack.request('POST', `/api/users/${user.id}/generateNewPassword`, { token });
  return { id: user.id, password: generated.body.password as string };
}

/** Puts a token in localStorage before any page script runs, as a signed-in browser would have. */
export async function useToken(context: BrowserContext, token: string, locale?: string): Promise<void> {
  await context.addInitScript(
    ([t, l]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('token', t as string);
        if (l) localStorage.setItem('locale', l as string);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [token, locale ?? ''],
  );
}

/** Waits until the console finished its first route (spinner gone). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

let smsSeq = 0;
/** A resident's SMS through the signed provider webhook, as the SMS provider would post it. */
export async function receiveSms(stack: TestStack, msg: { from: string; text: string }): Promise<void> {
  smsSeq += 1;
  const hook = genericWebhook(stack.deps.config.sms.webhookSecret, {
    id: `e2e-${Date.now()}-${smsSeq}`,
    from: msg.from,
    text: msg.text,
  });
  const res = await stack.request('POST', hook.path, { headers: hook.headers, raw: hook.body });
  if (res.status !== 200) throw new Error(`webhook refused: ${res.status} ${JSON.stringify(res.body)}`);
}
