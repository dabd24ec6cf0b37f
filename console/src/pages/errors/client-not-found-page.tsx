import { useTranslation } from 'react-i18next';
import { NotFound } from './not-found';

/** client--error-404: inside the app frame (also what non-admins get on admin routes). */
export default function ClientNotFoundPage() {
  const { t } = useTranslation();
  return <NotFound linkTo="/entities" linkLabel={t('notFound.toEntities')} />;
}
