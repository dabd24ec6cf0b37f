import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { installStatusAtom, sessionExpiredAtom, tokenUserAtom } from '../state/session';
import { lazyPage } from './lazy-page';
import { loginPath, NAMED_ROUTES } from './paths';

const ClientNotFoundPage = lazyPage(() => import('../pages/errors/client-not-found-page'));

/** Routes that need a completed install go to /install while the API is uninstalled. */
export function RequireInstall({ children }: { children: ReactNode }) {
  const status = useAtomValue(installStatusAtom);
  if (status === 'uninstalled') return <Navigate to={NAMED_ROUTES.install} replace />;
  return children;
}

/**
 * Routes that need login send a visitor without a token to login with a return path. While the
 * session-timed-out dialog is up the page stays put so its retry can bring the user back.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAtomValue(tokenUserAtom);
  const expired = useAtomValue(sessionExpiredAtom);
  const location = useLocation();
  if (!user && !expired) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return children;
}

/** Non-admins on an admin route get the 404 page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useAtomValue(tokenUserAtom);
  if (!user?.admin) return <ClientNotFoundPage />;
  return children;
}
