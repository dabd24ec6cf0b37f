import type { StatusResponse } from '@oppslag/common';
import type { Config } from '../config';
import { VERSION } from '../version';

/**
 * `GET /api/status`'s answer: install state, the server's public settings and the release's
 * version (shown in the console's about box, and what an operator checks after an upgrade).
 */
export function presentStatus(installed: boolean, config: Config): StatusResponse {
  return {
    status: installed ? 'online' : 'uninstalled',
    version: VERSION,
    supportEmail: config.supportEmail,
    smsNumber: config.smsNumber,
    featureSet: config.featureSet,
    production: config.production,
  };
}
