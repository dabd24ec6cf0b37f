import { useTranslation } from 'react-i18next';
import { NotFound } from './not-found';

/** The superadmin area's own 404. */
export default function AdminNotFoundPage() {
  const { t } = useTranslation();
  return <NotFound linkTo="/admin/displays" linkLabel={t('notFound.toAdmin')} />;
}
