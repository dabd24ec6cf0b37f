import { z } from 'zod';
import { deliverySchema, displayHealthSchema, screenshotRequestSchema } from '../schemas/display-health';
import { defineRoute, pathId } from './define-route';

const displayParams = z.object({ id: pathId('Display') });
const noteParams = z.object({ entityId: pathId('Entity'), noteId: pathId('Note') });
const slideParams = z.object({ entityId: pathId('Entity'), contentId: pathId('Content') });

/**
 * Screen health and proof of delivery (issue 16 "Screens you can trust"). Health is read like the
 * display itself (`read` on it); asking for a new screenshot is a push to that one screen, allowed
 * to anyone who may read the display. Delivery is read like the note or slide.
 */
export const healthContract = {
  get: defineRoute({
    method: 'get',
    path: '/entities/{id}/health',
    params: displayParams,
    response: displayHealthSchema,
    errors: [],
    auth: 'user',
    permission: 'read',
    summary:
      'Screen health: heartbeat, player version, screen, 7-day uptime, last error, content, screenshot',
    description: 'The id must be a display; any other entity answers 404.',
    tags: ['health'],
  }),
  requestScreenshot: defineRoute({
    method: 'post',
    path: '/entities/{id}/health/screenshot',
    params: displayParams,
    response: screenshotRequestSchema,
    status: 202,
    errors: ['rate_limited'],
    auth: 'user',
    permission: 'read',
    summary: 'Ask the display for a new screenshot of itself (pushed to that display only)',
    description:
      'Answers 202 at once; the screenshot arrives in `GET …/health` when the player has sent it, and consoles following the display hear `display.health`.',
    tags: ['health'],
  }),
  noteDelivery: defineRoute({
    method: 'get',
    path: '/content/{entityId}/note/{noteId}/delivery',
    params: noteParams,
    response: deliverySchema,
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Proof of delivery: which displays below the note’s entity have shown it, and since when',
    tags: ['content'],
  }),
  bannerDelivery: defineRoute({
    method: 'get',
    path: '/content/{entityId}/banner/{contentId}/delivery',
    params: slideParams,
    response: deliverySchema,
    errors: [],
    auth: 'user',
    permission: 'read',
    summary: 'Proof of delivery of a banner slide',
    tags: ['content'],
  }),
};
