import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usersQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import type { User } from '../../api/users.api';
import { Alert, Card, Spinner } from '../../components/card';

const byName = (list: User[]) =>
  [...list].sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email, 'nb'));

/** All users, one link per user. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const query = useQuery({ ...usersQuery, select: byName }, queryClient);
  const users = query.data ?? null;
  const failed = query.isError;
  return (
    <Card title={t('users.title')}>
      {failed && <Alert kind="error">{t('users.loadFailed')}</Alert>}
      {!users && !failed ? (
        <Spinner size={40} />
      ) : users?.length === 0 ? (
        <p className="text-sm text-slate-500">{t('users.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="users-list">
          {users?.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-2 py-2">
              <Link to={`/admin/users/${u.id}`} className="font-medium text-primary-700 underline">
                {u.name || u.email}
              </Link>
              {u.name && <span className="text-sm text-slate-500">{u.email}</span>}
              {u.admin && (
                <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                  {t('users.superadmin')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
