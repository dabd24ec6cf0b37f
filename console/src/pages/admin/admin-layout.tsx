import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { Icon, type IconName } from '../../components/icons';
import { useFeatureSet } from '../../lib/server-info';
import { type MasterSlot, masterSlotOffered } from './master-slots';

const LINKS: { to: string; label: string; icon: IconName; master?: MasterSlot }[] = [
  { to: '/admin/displays', label: 'nav.displays', icon: 'tv' },
  { to: '/admin/users', label: 'nav.users', icon: 'group' },
  { to: '/admin/history', label: 'history:title', icon: 'history' },
  { to: '/admin/master/adsLarge', label: 'nav.masterAdsLarge', icon: 'dashboard', master: 'adsLarge' },
  { to: '/admin/master/adsSmall', label: 'nav.masterAdsSmall', icon: 'dashboard', master: 'adsSmall' },
  { to: '/admin/master/template', label: 'nav.masterTemplate', icon: 'dashboard', master: 'template' },
];

/** The superadmin area, titled Superadmin, with its own side navigation. */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const featureSet = useFeatureSet();
  const links = LINKS.filter((l) => !l.master || masterSlotOffered(l.master, featureSet));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <Icon name="shield" className="size-6 text-primary-700" /> {t('title')}
      </h1>
      <div className="flex flex-col gap-4 md:flex-row">
        <nav aria-label={t('title')} className="md:w-56 md:shrink-0">
          <ul className="-mx-3 flex gap-1 overflow-x-auto px-3 md:mx-0 md:flex-col md:px-0">
            {links.map((l) => (
              <li key={l.to} className="shrink-0">
                <NavLink
                  to={l.to}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${isActive ? 'bg-primary-700 font-medium text-white' : 'bg-white text-slate-700 hover:bg-slate-100 md:bg-transparent'}`
                  }
                >
                  <Icon name={l.icon} className="size-4" /> {t(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="min-w-0 flex-1">
          <Outlet />
        </section>
      </div>
    </div>
  );
}
