import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMED_ROUTES } from '../../routes/paths';

/** The body shared by the 404 pages: 'Page Not Found' / 'Error: 404 - Page not found'. */
export function NotFound({
  path,
  linkTo = NAMED_ROUTES['auth--login'],
  linkLabel,
}: {
  path?: string;
  linkTo?: string;
  linkLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-primary-500" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="font-medium text-slate-700">{t('notFound.subtitle')}</p>
      <p className="text-slate-600">{t('notFound.text')}</p>
      {path && <code className="rounded bg-slate-100 px-2 py-1 text-xs text-slate-700">{path}</code>}
      <Link to={linkTo} className="mt-2 font-medium text-primary-700 underline">
        {linkLabel ?? t('notFound.toLogin')}
      </Link>
    </div>
  );
}
