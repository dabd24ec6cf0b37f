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
