import { z } from 'zod';

/** The user carried in a console JWT (`user` claim). */
export interface TokenUser {
  id: number;
  email: string;
  name?: string | null;
  admin: boolean;
  language?: string;
}

/** What the console reads of a token's payload; an email and an id are required (spec §3). */
const tokenPayloadSchema = z.object({
  user: z.object({
    id: z.number(),
    email: z.string().min(1),
    name: z.string().nullish().catch(null),
    admin: z.unknown(),
    language: z.string().optional().catch(undefined),
  }),
  exp: z.number().optional().catch(undefined),
});

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the user out of a JWT without verifying it (the API verifies). Per spec §3 a token whose
 * user lacks an email or an id is worthless and is discarded: this returns null for it, and for
 * an expired token.
 */
export function decodeToken(token: string | null | undefined, now: Date = new Date()): TokenUser | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const parsed = tokenPayloadSchema.safeParse(JSON.parse(base64UrlDecode(parts[1])));
    if (!parsed.success) return null;
    const { user, exp } = parsed.data;
    if (exp !== undefined && exp * 1000 <= now.getTime()) return null;
    return {
      id: user.id,
      email: user.email,
      name: user.name ?? null,
      admin: user.admin === true,
      language: user.language,
    };
  } catch {
    return null;
  }
}
