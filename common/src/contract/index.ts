import { assetsContract } from './assets.contract';
import { autoApproveContract } from './auto-approve.contract';
import { contentContract } from './content.contract';
import { displayContract } from './display.contract';
import { metaContract } from './meta.contract';
import { notesContract } from './notes.contract';
import { smsContract } from './sms.contract';
import { transitContract } from './transit.contract';

export * from './client';
export * from './define-route';
export {
  assetsContract,
  autoApproveContract,
  contentContract,
  displayContract,
  metaContract,
  notesContract,
  smsContract,
  transitContract,
};

/**
 * Every route of the API, by resource. The server mounts each of them (a test checks the mounted
 * routes and the OpenAPI document against this list); clients call them through `createClient`.
 */
export const contract = {
  meta: metaContract,
  notes: notesContract,
  content: contentContract,
  assets: assetsContract,
  autoApprove: autoApproveContract,
  transit: transitContract,
  display: displayContract,
  sms: smsContract,
};
