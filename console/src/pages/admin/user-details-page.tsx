import { contract } from '@oppslag/common/contract/index.ts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usersQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { call } from '../../api/typed-client';
import { saveUserDetails, USER_DETAIL_FIELDS, userDetailsFormSchema } from '../../api/users.api';
import { Button } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { CopyButton } from '../../components/copy-button';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { useFormState } from '../../lib/use-form-state';
import { useSchemaForm } from '../../lib/use-schema-form';
import { saveOwnAccount } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';
import AdminNotFoundPage from '../errors/admin-not-found-page';

/** User details (numeric id): profile form and Generate New Password. */
export default function UserDetailsPage() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  const id = /^\d+$/.test(userId) ? Number.parseInt(userId, 10) : null;
  const [password, setPassword] = useState<string | null>(null);
  const me = useAtomValue(tokenUserAtom);
  const form = useSchemaForm(userDetailsFormSchema, {
    defaultValues: { name: '', email: '', phoneNumber: '', currentPassword: '' },
  });
  const { reset } = form;
  const typedEmail = form.watch('email') ?? '';
  const generate = useFormState();

  // The list is the documented call (and the users page's cache); the user is picked from it.
  const list = useQuery({ ...usersQuery, enabled: id !== null }, queryClient);
  const user = list.data?.find((u) => u.id === id) ?? null;
  const missing = list.isError || (list.isSuccess && !user);
  // The form starts from the user once loaded (and again if another user is opened).
  const loadedId = user?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per user loaded, not per refetch
  useEffect(() => {
    if (!user) return;
    reset({
      name: user.name ?? '',
      email: user.email,
      phoneNumber: user.phoneNumber ?? '',
      currentPassword: '',
    });
  }, [loadedId, reset]);

  if (id === null || missing) return <AdminNotFoundPage />;
  if (!user) return <Spinner size={48} />;
  // The superadmin on their own account: the self-service rule applies (a new address needs the
  // current password and gives a fresh token), so this page saves the way the profile card does.
  const self = me?.id === user.id;
  const emailChanged = self && typedEmail.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = form.onSubmit(
    async ({ currentPassword, ...values }) => {
      const updated = self
        ? await saveOwnAccount(values, emailChanged ? currentPassword : undefined)
        : await saveUserDetails(user.id, values);
      // The answer replaces the user in the cached list (the user.updated event refetches it too).
      queryClient.setQueryData(usersQuery.queryKey, (old) =>
        old?.map((u) => (u.id === updated.id ? updated : u)),
      );
      form.resetField('currentPassword', { defaultValue: '' });
      return updated;
    },
    {
      success: t('user.success'),
      error: t('user.error', { id: user.id }),
      shown: [...USER_DETAIL_FIELDS, 'currentPassword'],
    },
  );

  const newPassword = () =>
    void generate.submit(
      async () => {
        const answer = await call(contract.users.generateNewPassword, { params: { id: user.id } });
        setPassword(answer.password);
        return answer;
      },
      { success: t('user.generated'), error: t('user.generateFailed', { id: user.id }) },
    );

  return (
    <div className="flex flex-col gap-4">
      <Card title={t('user.title', { name: user.name || user.email })}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="user-form">
          <TextField label={t('user.name')} {...form.field('name')} />
          <TextField label={t('user.email')} type="email" {...form.field('email')} required />
          {emailChanged && (
            <TextField
              label={t('settings:profile.currentPassword')}
              type="password"
              {...form.field('currentPassword')}
              hint={t('settings:profile.currentPasswordHint')}
              autoComplete="current-password"
              required
            />
          )}
          <TextField label={t('user.phoneNumber')} type="tel" {...form.field('phoneNumber')} />
          <FormResult state={form.result} />
          <div className="flex justify-end">
            <Button type="submit" disabled={form.result.submitting}>
              {t('common:actions.save')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('user.generateTitle')}>
        <p className="mb-3 text-sm text-slate-600">{t('user.generateIntro')}</p>
        {/* Only a failure here: the success is said once, with the password, just below. */}
        {generate.status === 'error' && <FormResult state={generate} />}
        {password && (
          <Alert kind="success">
            <span className="flex flex-wrap items-center gap-2">
              {t('user.generated')}{' '}
              <code className="rounded bg-white px-2 py-1 font-mono" data-testid="new-password">
                {password}
              </code>
              <CopyButton value={password} />
            </span>
          </Alert>
        )}
        <Button className="mt-3" onClick={newPassword} disabled={generate.submitting}>
          {t('user.newPassword')}
        </Button>
      </Card>
    </div>
  );
}
