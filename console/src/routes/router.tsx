import { useAtomValue } from 'jotai';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { entityTabRoutes } from '../pages/entity/entity-tabs';
import { tokenAtom } from '../state/session';
import { RequireAdmin, RequireAuth, RequireInstall } from './guards';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';

const page = {
  install: lazyPage(() => import('../pages/install/install-page')),
  login: lazyPage(() => import('../pages/auth/login-page')),
  logout: lazyPage(() => import('../pages/auth/logout-page')),
  resetRequest: lazyPage(() => import('../pages/auth/reset-request-page')),
  resetConfirm: lazyPage(() => import('../pages/auth/reset-confirm-page')),
  globalNotFound: lazyPage(() => import('../pages/errors/global-not-found-page')),
  clientNotFound: lazyPage(() => import('../pages/errors/client-not-found-page')),
  adminNotFound: lazyPage(() => import('../pages/errors/admin-not-found-page')),
  frame: lazyPage(() => import('../components/app-frame/app-frame')),
  entities: lazyPage(() => import('../pages/entities/entities-page')),
  entity: lazyPage(() => import('../pages/entity/entity-frame')),
  settings: lazyPage(() => import('../pages/settings/settings-page')),
  admin: lazyPage(() => import('../pages/admin/admin-layout')),
  adminDisplays: lazyPage(() => import('../pages/admin/displays-page')),
  adminUsers: lazyPage(() => import('../pages/admin/users-page')),
  adminHistory: lazyPage(() => import('../pages/admin/history-page')),
  adminUser: lazyPage(() => import('../pages/admin/user-details-page')),
  adminMaster: lazyPage(() => import('../pages/admin/master-page')),
  debug: lazyPage(() => import('../pages/debug/debug-page')),
};

/**
 * A path no route knows: for a signed-in user the client 404 inside the app frame, with the way
 * back to the entities (issue 11 item 12); the frameless global page with "Go to login" otherwise.
 */
function UnknownPath() {
  const token = useAtomValue(tokenAtom);
  if (!token) return <page.globalNotFound />;
  return (
    <RequireInstall>
      <RequireAuth>
        <page.frame>
          <page.clientNotFound />
        </page.frame>
      </RequireAuth>
    </RequireInstall>
  );
}

/** The route table of platform spec §2 (plain paths, history mode). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/install', id: 'install', element: <page.install /> },
      { path: '/auth/login', id: 'auth--login', element: <page.login /> },
      { path: '/auth/logout', id: 'auth--logout', element: <page.logout /> },
      { path: '/auth/reset-password', id: 'auth--reset-password', element: <page.resetRequest /> },
      {
        path: '/auth/reset-password/:resetPasswordConfirmToken',
        id: 'auth--reset-password-confirm',
        element: <page.resetConfirm />,
      },
      {
        element: (
          <RequireInstall>
            <RequireAuth>
              <page.frame />
            </RequireAuth>
          </RequireInstall>
        ),
        children: [
          { path: '/', element: <Navigate to="/entities" replace /> },
          { path: '/entities', element: <page.entities /> },
          {
            path: '/entities/:id',
            id: 'client--entity',
            element: <page.entity />,
            children: entityTabRoutes,
          },
          { path: '/settings', element: <Navigate to="/settings/profile" replace /> },
          { path: '/settings/:section', element: <page.settings /> },
          { path: '/debug', element: <page.debug /> },
          { path: '/debug/prop/:someProp', element: <page.debug /> },
          { path: '/404', id: 'client--error-404', element: <page.clientNotFound /> },
          {
            path: '/admin',
            element: (
              <RequireAdmin>
                <page.admin />
              </RequireAdmin>
            ),
            children: [
              { index: true, element: <Navigate to="/admin/displays" replace /> },
              { path: 'displays', element: <page.adminDisplays /> },
              { path: 'master/:slotId', element: <page.adminMaster /> },
              { path: 'users', element: <page.adminUsers /> },
              { path: 'users/:userId', element: <page.adminUser /> },
              { path: 'history', element: <page.adminHistory /> },
              { path: '*', element: <page.adminNotFound /> },
            ],
          },
        ],
      },
      { path: '*', id: 'global--error-404', element: <UnknownPath /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
