import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../../components/auth-layout';
import { Alert } from '../../components/card';
import { NAMED_ROUTES } from '../../routes/paths';
import { logout } from '../../state/logout';

export default function LogoutPage() {
  const { t } = useTranslation('auth');
  // The token is cleared first on this route (spec §2).
  useEffect(() => logout(), []);
  return (
    <AuthLayout title={t('logout.title')}>
      <div className="flex flex-col gap-4">
        <Alert kind="success">{t('logout.success')}</Alert>
        <Link to={NAMED_ROUTES['auth--login']} className="text-sm font-medium text-primary-700 underline">
          {t('logout.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
