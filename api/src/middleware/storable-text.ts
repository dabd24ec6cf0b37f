import type { Middleware } from 'koa';
import { invalidField } from '../errors';
import { findUnstorableText } from '../lib/storable-text';

/**
 * Paths whose input is kept rather than refused: an SMS provider's webhook carries text a resident
 * typed, which the provider cannot change, so it is stored with the bad characters removed
 * (sms-inbound.service) instead of being answered 400 and retried forever.
 */
const CLEANED_NOT_REFUSED = /^\/api\/sms\/inbound\//;

/**
 * The one check for text the database cannot store (NUL, lone surrogates) in a JSON or form body
 * or a query string: 400 `validation_failed` naming the field, instead of a database error (500).
 * Runs after the body parser, before any route.
 */
export const rejectUnstorableText: Middleware = async (ctx, next) => {
  // No body and no query string (every plain GET): nothing to look at.
  if (ctx.request.body === undefined && !ctx.querystring) return next();
  if (!CLEANED_NOT_REFUSED.test(ctx.path)) {
    for (const [where, value] of [
      ['body', ctx.request.body],
      ['query', ctx.query],
    ] as const) {
      const path = findUnstorableText(value);
      if (path) {
        const field = path.join('.');
        const message = `${field || where} contains a character that is not allowed (NUL or an unpaired surrogate)`;
        throw invalidField({ path: field || where, code: 'invalid_format' }, message);
      }
    }
  }
  await next();
};
