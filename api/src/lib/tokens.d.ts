import { type TokenUser } from '@oppslag/common';
import { z } from 'zod';
export declare const USER_AUDIENCE = 'oppslag-console';
export declare const DISPLAY_AUDIENCE = 'oppslag-display';
declare const userClaims: z.ZodObject<
  {
    typ: z.ZodLiteral<'user'>;
    user: z.ZodObject<
      {
        id: z.ZodNumber;
        email: z.ZodString;
        name: z.ZodOptional<z.ZodNullable<z.ZodString>>;
        admin: z.ZodBoolean;
        language: z.ZodOptional<z.ZodString>;
      },
      z.core.$strip
    >;
    tv: z.ZodNumber;
  },
  z.core.$strip
>;
declare const displayClaims: z.ZodObject<
  {
    typ: z.ZodLiteral<'display'>;
    entityId: z.ZodNumber;
    kv: z.ZodNumber;
  },
  z.core.$strip
>;
export type UserClaims = z.infer<typeof userClaims>;
export type DisplayClaims = z.infer<typeof displayClaims>;
/** Key rotation: tokens are signed with the current key id; previous keys still verify during the overlap window. */
export interface KeyRing {
  keyId?: string;
  previous?: Record<string, string>;
}
export declare class TokenService {
  private readonly ttlSeconds;
  private readonly now;
  private readonly key;
  private readonly keyId;
  private readonly verifyKeys;
  constructor(secret: string, ttlSeconds: number, now?: () => Date, ring?: KeyRing);
  /** A console token: the user (email, id, name, admin) and the user's token version. */
  signUser(user: TokenUser, tokenVersion: number): Promise<string>;
  /** A display token; it dies when the display's API key is regenerated (kv changes). */
  signDisplay(entityId: number, apiKeyVersion: number): Promise<string>;
  verifyUser(token: string): Promise<UserClaims | null>;
  verifyDisplay(token: string): Promise<DisplayClaims | null>;
  private verify;
}
