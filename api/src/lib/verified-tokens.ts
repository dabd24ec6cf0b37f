import { decodeJwt } from 'jose';

/** How long a verified signature is trusted without checking it again. */
const REMEMBER_MS = 10 * 60 * 1000;

/**
 * Verified tokens, remembered until they expire. A display sends the same token on every poll and
 * a console the same one on every request, and a signature check per request cost more than the
 * rest of a cheap answer (docs/performance.md). The cache only spares the signature check, for at
 * most ten minutes (so a signing key retired by rotation stops being honoured soon after) and never
 * past the token's own expiry: what the token stands for (the user's token version, the display's
 * key version) is still read from the database on every request by the caller.
 */
export class VerifiedTokens<C> {
  private readonly entries = new Map<string, { claims: C; expiresAt: number }>();
  constructor(private readonly max = 20_000) {}

  /** The claims of a token verified before and not yet expired, else verifies it with `verify`. */
  async verify(token: string, now: number, verify: (token: string) => Promise<C | null>): Promise<C | null> {
    const hit = this.entries.get(token);
    if (hit) {
      if (hit.expiresAt > now) return hit.claims;
      this.entries.delete(token);
    }
    const claims = await verify(token);
    if (!claims) return null;
    const exp = decodeJwt(token).exp ?? 0;
    const oldest = this.entries.size >= this.max ? this.entries.keys().next() : undefined;
    if (oldest && !oldest.done) this.entries.delete(oldest.value);
    this.entries.set(token, { claims, expiresAt: Math.min(exp * 1000, now + REMEMBER_MS) });
    return claims;
  }
}
