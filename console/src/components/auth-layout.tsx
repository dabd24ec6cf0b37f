import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverInfoAtom } from '../lib/server-info';
import { Logo } from './logo';

/** The centred card of the install and sign-in screens. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="mb-4 text-xl font-semibold text-slate-900">{title}</h1>
          {children}
        </section>
      </div>
    </main>
  );
}

/** The "need help?" line of the sign-in screens, with the deployment's support address. */
export function SupportContact() {
  const { t } = useTranslation('auth');
  const { supportEmail } = useAtomValue(serverInfoAtom);
  return (
    <p className="text-xs text-slate-600">
      {t('login.help')}{' '}
      <a className="text-primary-700 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>
    </p>
  );
}
