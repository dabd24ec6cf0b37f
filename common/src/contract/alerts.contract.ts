import { z } from 'zod';
import { alertInputSchema, alertSchema } from '../alerts';
import { defineRoute, pathId } from './define-route';

const entityParams = z.object({ id: pathId('Entity') });
const alertParams = entityParams.extend({ alertId: pathId('Alert') });
const tags = ['alerts'];

/**
 * Emergency alerts ("Akuttvarsel", issue 16) on an organization, group or display. Raising and
 * clearing need edit_entity (owners, administrators, the superadmin); moderators only read them.
 */
export const alertsContract = {
  list: defineRoute({
    method: 'get',
    path: '/entities/{id}/alerts',
    params: entityParams,
    response: z.array(alertSchema),
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Alerts in force on the entity: its own and those of its ancestors, newest first',
    tags,
  }),
  create: defineRoute({
    method: 'post',
    path: '/entities/{id}/alerts',
    params: entityParams,
    body: alertInputSchema,
    response: alertSchema,
    status: 201,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Raise an alert: every display below takes over its screen, SMS-notification members get an SMS',
    tags,
  }),
  clear: defineRoute({
    method: 'delete',
    path: '/entities/{id}/alerts/{alertId}',
    params: alertParams,
    response: alertSchema,
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'All clear: the alert ends and the screens show an "all clear" card for a few minutes',
    tags,
  }),
};
