import { metaContract } from './meta.contract';
import { notesContract } from './notes.contract';

export * from './client';
export * from './define-route';
export { metaContract, notesContract };

/**
 * Every route of the API, by resource. The server mounts each of them (a test checks the mounted
 * routes and the OpenAPI document against this list); clients call them through `createClient`.
 */
export const contract = {
  meta: metaContract,
  notes: notesContract,
};
