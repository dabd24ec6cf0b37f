import {
  displayContentSchema,
  manifestSchema,
  registerDisplayResponseSchema,
  registerDisplaySchema,
  renewDisplayTokenResponseSchema,
} from '../schemas/display';
import { defineRoute } from './define-route';

const tags = ['display'];

/**
 * The display's own API (content spec §3 "Display manifest"): register with display id + API key
 * for a display token, then read the manifest and the content with it.
 */
export const displayContract = {
  register: defineRoute({
    method: 'post',
    path: '/display/register',
    body: registerDisplaySchema,
    response: registerDisplayResponseSchema,
    errors: ['invalid_credentials'],
    auth: 'public',
    summary: 'Exchange a display id (hashid) and API key for a display token and the manifest',
    tags,
  }),
  manifest: defineRoute({
    method: 'get',
    path: '/display/manifest',
    response: manifestSchema,
    errors: [],
    auth: 'display',
    summary: 'The display manifest',
    description: 'A display token that predates an API key regeneration answers 401 `token_invalid`.',
    tags,
  }),
  /**
   * A display token lives 365 days; a connected screen swaps it for a fresh one well before that
   * (issue 12 item 3), so a screen that is never re-registered never drops to the form. Only a
   * token that is still valid (same API key version, display not removed) can be renewed.
   */
  renewToken: defineRoute({
    method: 'post',
    path: '/display/token',
    response: renewDisplayTokenResponseSchema,
    errors: ['forbidden'],
    auth: 'display',
    summary: 'Swap a valid display token for a fresh one (365 days from now)',
    description: 'A token that predates an API key regeneration answers 401 `token_invalid`.',
    tags,
  }),
  /**
   * Mounted by hand (display.routes.ts): the answer carries a strong ETag and `If-None-Match`
   * answers 304 without a body, which a contract route does not model.
   */
  content: defineRoute({
    method: 'get',
    path: '/display/content',
    response: displayContentSchema,
    errors: [],
    auth: 'display',
    summary: 'Everything the display shows, with a strong ETag',
    description:
      'Answers `ETag` and `Cache-Control: no-cache`; `If-None-Match` with the current tag answers 304 Not Modified without a body. Transit and weather are null until the worker has polled them.',
    tags,
  }),
};
