import { type TokenUser, tokenUserSchema } from '@oppslag/common';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ISSUER = 'oppslag';
export const USER_AUDIENCE = 'oppslag-console';
export const DISPLAY_AUDIENCE = 'oppslag-display';
/** How long a console's display preview lasts before it must be opened again from the console. */
export const DISPLAY_PREVIEW_SECONDS = 30 * 60;
/** The only algorithm accepted; pinned so `alg: none` or key confusion can never verify. */
const ALG = 'HS256';

const userClaims = z.object({ typ: z.literal('user'), user: tokenUserSchema, tv: z.number().int() });
const displayClaims = z.object({
  typ: z.literal('display'),
  entityId: z.number().int(),
  kv: z.number().int(),
  /** A console's preview of the screen: read-only, never counted as the screen being online. */
  pv: z.literal(true).optional(),
});
export type UserClaims = z.infer<typeof userClaims>;
export type DisplayClaims = z.infer<typeof displayClaims>;

/** Key rotation: tokens are signed with the current key id; previous keys still verify during the overlap window. */
export interface KeyRing {
  keyId?: string;
  previous?: Record<string, string>;
}

/** A key imported into WebCrypto (what `crypto.subtle.importKey` gives). */
type ImportedKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly keyId: string;
  private readonly verifyKeys = new Map<string, Uint8Array>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
    ring: KeyRing = {},
  ) {
    const encode = (s: string) => new TextEncoder().encode(s);
    this.key = encode(secret);
    this.keyId = ring.keyId ?? 'k1';
    for (const [kid, previous] of Object.entries(ring.previous ?? {}))
      this.verifyKeys.set(kid, encode(previous));
    this.verifyKeys.set(this.keyId, this.key);
  }

  /** A console token: the user (email, id, name, admin) and the user's token version. */
  signUser(user: TokenUser, tokenVersion: number): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: 'user', user, tv: tokenVersion })
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.keyId })
      .setIssuer(ISSUER)
      .setAudience(USER_AUDIENCE)
      .setSubject(String(user.id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** A display token; it dies when the display's API key is regenerated (kv changes). */
  signDisplay(entityId: number, apiKeyVersion: number): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: 'display', entityId, kv: apiKeyVersion })
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.keyId })
      .setIssuer(ISSUER)
      .setAudience(DISPLAY_AUDIENCE)
      .setSubject(`display:${entityId}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 365 * 24 * 3600)
      .sign(this.key);
  }

  /**
   * A preview token for the console's "preview display" (issue 11 item 1, issue 14 item 6): the
   * display's own read scope, minutes long, carried in a URL fragment that never reaches a server
   * log. `pv` keeps it from registering the screen or marking it online.
   */
  signDisplayPreview(entityId: number, apiKeyVersion: number, ttlSeconds = DISPLAY_PREVIEW_SECONDS) {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: 'display', entityId, kv: apiKeyVersion, pv: true })
      .setProtectedHeader({ alg: ALG, typ: 'JWT', kid: this.keyId })
      .setIssuer(ISSUER)
      .setAudience(DISPLAY_AUDIENCE)
      .setSubject(`display:${entityId}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  async verifyUser(token: string): Promise<UserClaims | null> {
    return this.verify(token, USER_AUDIENCE, userClaims);
  }

  async verifyDisplay(token: string): Promise<DisplayClaims | null> {
    return this.verify(token, DISPLAY_AUDIENCE, displayClaims);
  }

  /**
   * The verification key of `kid`, imported into WebCrypto once: handed raw bytes, jose imports
   * them on every call, which was two thirds of a verification's CPU (a gateway's reconnect storm
   * verifies thousands of tokens a second; docs/performance.md).
   */
  private verifyKeyFor(kid: string): Promise<ImportedKey> | undefined {
    let key = this.importedKeys.get(kid);
    if (!key) {
      const raw = this.verifyKeys.get(kid);
      if (!raw) return undefined;
      key = crypto.subtle.importKey(
        'raw',
        raw as Uint8Array<ArrayBuffer>,
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['verify'],
      );
      this.importedKeys.set(kid, key);
    }
    return key;
  }
  private readonly importedKeys = new Map<string, Promise<ImportedKey>>();

  private async verify<T>(token: string, audience: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const { kid } = decodeProtectedHeader(token);
      const key = kid ? this.verifyKeyFor(kid) : undefined;
      if (!key) return null;
      const { payload } = await jwtVerify(token, await key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience,
        currentDate: this.now(),
        // A token without an expiry would be valid forever if it leaked: refuse it outright.
        requiredClaims: ['exp', 'iat'],
      });
      const parsed = schema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
