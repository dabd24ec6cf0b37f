// The demo's sign-ins, apart from the seed so the sign-in check can know them without importing
// the seed (and everything it builds on).

/** The demo's sign-ins, printed by `npm start`; the passwords are public by design (demo data only). */
export const DEMO_LOGINS = [
  { role: 'superadmin', email: 'superadmin@demo.oppslag.no', password: 'demo-superadmin' },
  { role: 'owner', email: 'eier@solbakken.no', password: 'demo-owner', name: 'Ingrid Eier' },
  {
    role: 'administrator',
    email: 'styret@solbakken.no',
    password: 'demo-administrator',
    name: 'Per Styreleder',
  },
  { role: 'moderator', email: 'vaktmester@solbakken.no', password: 'demo-moderator', name: 'Vaktmester Ali' },
] as const;

const DEMO_PASSWORDS: ReadonlySet<string> = new Set(DEMO_LOGINS.map((l) => l.password));

/**
 * Whether `password` is one of the demo's published passwords. Production refuses to sign anyone in
 * with one (auth.service.ts): a demo database carried into production, or an account someone gave
 * a demo password, must not open to a password printed in every terminal and README.
 */
export function isDemoPassword(password: string): boolean {
  return DEMO_PASSWORDS.has(password);
}
