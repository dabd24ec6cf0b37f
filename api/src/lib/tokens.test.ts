import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const user = { id: 7, email: 'a@example.com', name: null, admin: false };
const secretA = 'a'.repeat(48);
const secretB = 'b'.repeat(48);

describe('JWT key rotation', () => {
  it('verifies tokens signed with a previous key during the overlap window', async () => {
    const old = new TokenService(secretA, 3600, undefined, { keyId: 'k1' });
    const token = await old.signUser(user, 0);
    const rotated = new TokenService(secretB, 3600, undefined, { keyId: 'k2', previous: { k1: secretA } });
    expect((await rotated.verifyUser(token))?.user.id).toBe(7);
    const fresh = await rotated.signUser(user, 0);
    expect((await rotated.verifyUser(fresh))?.user.id).toBe(7);
  });

  it('rejects tokens of a key that left the ring, and unknown key ids', async () => {
    const token = await new TokenService(secretA, 3600, undefined, { keyId: 'k1' }).signUser(user, 0);
    const afterOverlap = new TokenService(secretB, 3600, undefined, { keyId: 'k2' });
    expect(await afterOverlap.verifyUser(token)).toBeNull();
    const sameSecretOtherKid = new TokenService(secretA, 3600, undefined, { keyId: 'k9' });
    expect(await sameSecretOtherKid.verifyUser(token)).toBeNull();
  });

  it('keeps user and display audiences apart', async () => {
    const svc = new TokenService(secretA, 3600);
    expect(await svc.verifyDisplay(await svc.signUser(user, 0))).toBeNull();
    expect(await svc.verifyUser(await svc.signDisplay(3, 0))).toBeNull();
  });
});

describe('JWT claims', () => {
  // Built with jose directly, not with the service's signer, so the check is independent of it.
  const forge = (withExp: boolean) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ typ: 'user', user, tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'k1' })
      .setIssuer('oppslag')
      .setAudience('oppslag-console')
      .setSubject('7')
      .setIssuedAt(now);
    return (withExp ? jwt.setExpirationTime(now + 60) : jwt).sign(new TextEncoder().encode(secretA));
  };

  it('refuses a correctly signed token without an expiry, accepts the same with one', async () => {
    const svc = new TokenService(secretA, 3600, undefined, { keyId: 'k1' });
    expect(await svc.verifyUser(await forge(false))).toBeNull();
    expect((await svc.verifyUser(await forge(true)))?.user.id).toBe(7);
  });
});
