import { forbidden } from '../errors';

/**
 * What a display token may do (issue 28 item 1). A screen's own token reads its content, reports
 * its health (heartbeats, what it shows, screenshots: the proof of delivery) and renews itself. A
 * console's preview token (`pv`, minutes long, any moderator can make one) only reads: a preview
 * is a window onto the screen, and what it says about "the screen" would be a forgery.
 *
 * The one rule; the display routes (renewal) and the realtime gateway (reports) both ask it.
 */
export type DisplayCapability = 'read' | 'report' | 'renew';

/** Anything that knows whether it came from a preview token: the token's claims or a socket's identity. */
export interface DisplayTokenKind {
  pv?: boolean;
  preview?: boolean;
}

const PREVIEW_MAY: ReadonlySet<DisplayCapability> = new Set(['read']);

export function displayMay(token: DisplayTokenKind, capability: DisplayCapability): boolean {
  const preview = token.pv === true || token.preview === true;
  return !preview || PREVIEW_MAY.has(capability);
}

/** 403 `forbidden` unless the token may do `capability`. */
export function requireDisplayCapability(token: DisplayTokenKind, capability: DisplayCapability): void {
  if (!displayMay(token, capability))
    throw forbidden(`A preview token is read-only (it may not ${capability})`);
}
