import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { Icon, type IconName } from '../../components/icons';
import ClientNotFoundPage from '../errors/client-not-found-page';
import { LanguageCard } from './language-card';
import { PasswordCard } from './password-card';
import { ProfileCard } from './profile-card';

const SECTIONS: { key: string; icon: IconName; Card: () => React.ReactNode }[] = [
  { key: 'profile', icon: 'person', Card: ProfileCard },
  { key: 'password', icon: 'lock', Card: PasswordCard },
  { key: 'language', icon: 'translate', Card: LanguageCard },
];

/** /settings/{profile,password,language}. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { section } = useParams();
  const current = SECTIONS.find((s) => s.key === section);
  if (!current) return <ClientNotFoundPage />;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
      <div className="flex flex-col gap-4 md:flex-row">
        <nav aria-label={t('title')} className="md:w-48 md:shrink-0">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {SECTIONS.map((s) => (
              <li key={s.key}>
                <NavLink
                  to={`/settings/${s.key}`}
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap ${isActive ? 'bg-primary-700 font-medium text-white' : 'text-slate-700 hover:bg-slate-100'}`
                  }
                >
                  <Icon name={s.icon} className="size-4" /> {t(`${s.key}.nav`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <current.Card />
        </div>
      </div>
    </div>
  );
}
