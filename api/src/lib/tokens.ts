import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { tokenUserSchema, type TokenUser } from '@oppslag/common';

const ISSUER = 'oppslag';
export const USER_AUDIENCE = 'oppslag-console';
export const DISPLAY_AUDIENCE = 'oppslag-display';
/** The only algorithm accepted; pinned so `alg: none` or key confusion can never verify. */
const ALG = 'HS256';

const userClaims = z.object({ typ: z.literal('user'), user: tokenUserSchema, tv: z.number().int() });
const displayClaims = z.object({ typ: z.literal('display'), entityId: z.number().int(), kv: z.number().int() });
export type UserClaims = z.infer<typeof userClaims>;
export type DisplayClaims = z.infer<typeof displayClaims>;

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A console token: the user (email, id, name, admin) and the user's token version. */
  signUser(user: TokenUser, tokenVersion: number): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ typ: 'user', user, tv: tokenVersion })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
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
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(DISPLAY_AUDIENCE)
      .setSubject(`display:${entityId}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 365 * 24 * 3600)
      .sign(this.key);
  }

  async verifyUser(token: string): Promise<UserClaims | null> {
    return this.verify(token, USER_AUDIENCE, userClaims);
  }

  async verifyDisplay(token: string): Promise<DisplayClaims | null> {
    return this.verify(token, DISPLAY_AUDIENCE, displayClaims);
  }

  private async verify<T>(token: string, audience: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience,
        currentDate: this.now(),
      });
      const parsed = schema.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
