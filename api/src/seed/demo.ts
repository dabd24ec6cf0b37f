import { eq } from 'drizzle-orm';
import { entities, permissions, users } from '../db/schema/index';
import { unitOfWork } from '../db/unit-of-work';
import type { AppDeps } from '../deps';
import { encodeDisplayId } from '../lib/hashids';
import { createEntity } from '../services/entity.service';
import { getInstallation, install } from '../services/install.service';
import { getMasterScope } from '../services/master.service';
import { hashPassword } from '../services/password.service';
import { discardDemoFiles, storeDemoFiles } from './demo-assets';
import { seedDemoContent, sendDemoSms } from './demo-content';
import { DEMO_LOGINS } from './demo-logins';

export { DEMO_LOGINS, isDemoPassword } from './demo-logins';

export interface DemoSummary {
  url: string;
  logins: readonly { role: string; email: string; password: string }[];
  /**
   * The demo's displays with their API keys, on the seed's first start only: later starts list
   * none (a key printed at every start ends up in every log), nor displays made since.
   */
  displays: { name: string; displayId: string; apiKey: string | null }[];
}

/**
 * Seeds an installed demo system when none is installed yet: the superadmin, an organization
 * "Solbakken borettslag" with two groups and a display in each (API keys and SMS code words set),
 * one user per member role on the organization, and lived-in content (demo-content.ts). It all commits in one transaction, so a
 * failure leaves the system uninstalled rather than half seeded. Returns null when the system was
 * already installed by someone else (a real install is never touched).
 */
export async function seedDemo(deps: AppDeps): Promise<DemoSummary | null> {
  const installed = await getInstallation(deps.database.db);
  const [superadmin, ...members] = DEMO_LOGINS;
  if (installed) {
    const [admin] = await deps.database.db.select().from(users).where(eq(users.id, installed.adminUserId));
    return admin?.email === superadmin.email
      ? { url: deps.config.publicUrl, logins: DEMO_LOGINS, displays: [] }
      : null;
  }
  const hashes = new Map<string, string>();
  for (const login of DEMO_LOGINS)
    hashes.set(login.email, await hashPassword(login.password, deps.config.passwordHashing));
  const now = deps.now();
  const ctx = { alphabet: deps.config.hashidAlphabet, now };
  // The photo and PDF originals are stored first, as an upload does; a failed seed removes them.
  const files = await storeDemoFiles(deps);
  const seeded = unitOfWork(deps, async (tx) => {
    const base = await install(deps, {
      adminEmail: superadmin.email,
      passwordHash: hashes.get(superadmin.email)!,
    });
    const actor = { id: base.admin.id, admin: true };
    const create = async (
      name: string,
      type: 'organization' | 'group' | 'display',
      parentId: number,
      codeWord?: string,
    ) => (await createEntity(tx, { name, type, parentId, codeWord }, actor, ctx)).row;
    const org = await create('Solbakken borettslag', 'organization', base.rootEntity.id, 'solbakken');
    await tx
      .update(entities)
      .set({
        orgnum: '948123456',
        street: 'Solbakkveien 12',
        zip: '0871',
        city: 'Oslo',
        latitude: 59.9404,
        longitude: 10.7657,
        // The demo's banners hang on the organization: its special feature switches them on.
        features: ['banner'],
        displayInformation: 'Styret treffes på styret@solbakken.no. Vaktmester: tirsdag og torsdag 08–15.',
      })
      .where(eq(entities.id, org.id));
    for (const block of ['A', 'B']) {
      const group = await create(`Blokk ${block}`, 'group', org.id);
      const display = await create(
        `Inngang Blokk ${block}`,
        'display',
        group.id,
        `blokk${block.toLowerCase()}`,
      );
      // Both orientations among the screens: Blokk B's hangs in portrait.
      if (block === 'B') await tx.update(entities).set({ orientation: 1 }).where(eq(entities.id, display.id));
    }
    await seedDemoContent(deps, tx, { id: org.id, ancestry: [org.id, base.rootEntity.id] }, actor, files);
    for (const member of members) {
      const [row] = await tx
        .insert(users)
        .values({ email: member.email, name: member.name, passwordHash: hashes.get(member.email)! })
        .returning();
      await tx.insert(permissions).values({ userId: row.id, entityId: org.id, role: member.role });
    }
  });
  await seeded.catch(async (err) => {
    await discardDemoFiles(deps, files);
    throw err;
  });
  await sendDemoSms(deps, 'solbakken');
  return summary(deps);
}

/** The freshly seeded demo, its displays' API keys included (printed this once). */
async function summary(deps: AppDeps): Promise<DemoSummary> {
  const displays = await deps.database.db
    .select()
    .from(entities)
    .where(eq(entities.type, 'display'))
    .orderBy(entities.id);
  // The demo's stairwell screens first: the first link a newcomer opens shows notes, departures and
  // weather. The installation's master display (no notes of its own) comes last.
  const masterId = (await getMasterScope(deps.database.db))?.masterId;
  const isMaster = (d: (typeof displays)[number]) => d.id === masterId;
  return {
    url: deps.config.publicUrl,
    logins: DEMO_LOGINS,
    displays: [...displays.filter((d) => !isMaster(d)), ...displays.filter(isMaster)]
      .filter((d) => !d.deleted)
      .map((d) => ({
        name: d.name,
        displayId: encodeDisplayId(d.id, deps.config.hashidAlphabet),
        apiKey: d.apiKey,
      })),
  };
}
