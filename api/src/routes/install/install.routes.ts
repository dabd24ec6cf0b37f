import Router from '@koa/router';
import { installContract } from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { mountRoute } from '../../http/define-handler';
import { isLocalPeer } from '../../lib/local-peer';
import type { DisplayState } from '../../middleware/display-auth';
import { presentEntity } from '../../presenters/entity.presenter';
import { presentUser } from '../../presenters/user.presenter';
import {
  alreadyInstalled,
  checkInstallToken,
  getInstallation,
  install,
} from '../../services/install.service';
import { hashPassword } from '../../services/password.service';

/**
 * `POST /api/admin/install` works exactly until the first install succeeds; after that it answers
 * 409 `already_installed` to everyone, signed in or not. Until then it is open to this machine
 * (loopback), and from elsewhere only with the install token start-up prints (issue 26 item 5):
 * an uninstalled server on the internet is not the first visitor's to take.
 */
export function installRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  mountRoute(router, deps, installContract.install, async ({ body, ctx }) => {
    // Cheap early answer before spending an argon2 hash; the service re-checks under its lock.
    if (await getInstallation(deps.database.db)) throw alreadyInstalled();
    checkInstallToken(deps.config.jwtSecret, body.installToken, isLocalPeer(ctx, deps.config.trustProxy));
    const passwordHash = await hashPassword(body.adminPassword, deps.config.passwordHashing);
    // The install is its own unit of work.
    const result = await install(deps, {
      adminEmail: body.adminEmail,
      organization: body.rootEntity,
      passwordHash,
    });
    const p = { actor: { id: result.admin.id, admin: true }, alphabet: deps.config.hashidAlphabet };
    return {
      admin: presentUser(result.admin),
      rootEntity: presentEntity(result.rootEntity, p),
      masterDisplay: presentEntity(result.masterDisplay, p),
      organization: result.organization ? presentEntity(result.organization, p) : null,
    };
  });
  return router;
}
