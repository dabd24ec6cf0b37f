import type { Middleware } from 'koa';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import type { DisplayClaims } from '../lib/tokens';
import { type ApiState } from './auth';
export interface DisplayState extends ApiState {
  displayClaims?: DisplayClaims;
}
export declare const displayTokenInvalid: () => AppError;
/** Authenticates a display by its bearer display token (signature, audience and expiry). */
export declare function displayAuth(deps: AppDeps): Middleware<DisplayState>;
/** The verified token claims of a guarded display route. */
export declare function displayClaimsOf(ctx: { state: DisplayState }): DisplayClaims;
