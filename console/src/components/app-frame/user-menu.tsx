import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';
import { Icon } from '../icons';
import { AboutDialog } from './about-dialog';

/** The user chip (avatar, name or e-mail) with Settings, Go to admin (admins), About and Log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAtomValue(tokenUserAtom);
  const profile = useProfile();
  const [aboutOpen, setAboutOpen] = useState(false);
  if (!user) return null;
  const label = profile?.name || user.name || profile?.email || user.email;
  const initial = label.trim().charAt(0).toUpperCase();
  const item = 'flex w-full items-center gap-2 px-4 py-2 text-sm text-slate-800 data-focus:bg-slate-100';
  return (
    <>
      <Menu as="div" className="relative">
        <MenuButton
          className="flex max-w-48 items-center gap-2 rounded-full bg-primary-800 py-1 pr-3 pl-1 text-sm hover:bg-primary-600"
          data-testid="user-menu"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-white font-semibold text-primary-700">
            {initial}
          </span>
          <span className="hidden truncate sm:inline">{label}</span>
          <Icon name="expand_more" className="size-4" />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-40 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none"
        >
          <div className="border-b border-slate-100 px-4 py-2 text-xs text-slate-500">{user.email}</div>
          <MenuItem>
            <Link to="/settings/profile" className={item}>
              <Icon name="settings" className="size-4 text-slate-500" /> {t('frame.settings')}
            </Link>
          </MenuItem>
          {user.admin && (
            <MenuItem>
              <Link to="/admin" className={item}>
                <Icon name="shield" className="size-4 text-slate-500" /> {t('frame.goToAdmin')}
              </Link>
            </MenuItem>
          )}
          <MenuItem>
            <button type="button" className={item} onClick={() => setAboutOpen(true)}>
              <Icon name="info" className="size-4 text-slate-500" /> {t('frame.about')}
            </button>
          </MenuItem>
          <MenuItem>
            <Link to="/auth/logout" className={item}>
              <Icon name="logout" className="size-4 text-slate-500" /> {t('frame.logout')}
            </Link>
          </MenuItem>
        </MenuItems>
      </Menu>
      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </>
  );
}
