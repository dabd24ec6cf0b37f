import { accountContract } from './account.contract';
import { adminContract } from './admin.contract';
import { alertsContract } from './alerts.contract';
import { assetsContract } from './assets.contract';
import { authContract } from './auth.contract';
import { autoApproveContract } from './auto-approve.contract';
import { contentContract } from './content.contract';
import { displayContract } from './display.contract';
import { entitiesContract } from './entities.contract';
import { healthContract } from './health.contract';
import { historyContract } from './history.contract';
import { installContract } from './install.contract';
import { membersContract } from './members.contract';
import { metaContract } from './meta.contract';
import { notesContract } from './notes.contract';
import { privacyContract } from './privacy.contract';
import { smsContract } from './sms.contract';
import { templatesContract } from './templates.contract';
import { transitContract } from './transit.contract';
import { usersContract } from './users.contract';

export { RESET_REQUESTED, resetRequestedSchema } from './auth.contract';
export * from './client';
export * from './define-route';
export { installResultSchema } from './install.contract';
export { e164ParamsSchema, phoneReportSchema, type SmsOptOut, smsOptOutSchema } from './privacy.contract';
export { type Template, templateSchema } from './templates.contract';
export {
  accountContract,
  adminContract,
  alertsContract,
  assetsContract,
  authContract,
  autoApproveContract,
  contentContract,
  displayContract,
  entitiesContract,
  healthContract,
  historyContract,
  installContract,
  membersContract,
  metaContract,
  notesContract,
  privacyContract,
  smsContract,
  templatesContract,
  transitContract,
  usersContract,
};

/**
 * Every route of the API, by resource. The server mounts each of them (a test checks the mounted
 * routes and the OpenAPI document against this list); clients call them through `createClient`.
 */
export const contract = {
  account: accountContract,
  admin: adminContract,
  auth: authContract,
  entities: entitiesContract,
  history: historyContract,
  install: installContract,
  members: membersContract,
  meta: metaContract,
  notes: notesContract,
  privacy: privacyContract,
  templates: templatesContract,
  users: usersContract,
  content: contentContract,
  assets: assetsContract,
  autoApprove: autoApproveContract,
  transit: transitContract,
  display: displayContract,
  sms: smsContract,
  alerts: alertsContract,
  health: healthContract,
};
