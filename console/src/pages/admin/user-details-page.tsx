import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  saveUserDetails,
  USER_DETAIL_FIELDS,
  type User,
  userDetailsFormSchema,
  usersApi,
} from '../../api/users.api';
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
  const [user, setUser] = useState<User | null>(null);
  const [missing, setMissing] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  const me = useAtomValue(tokenUserAtom);
  const form = useSchemaForm(userDetailsFormSchema, {
    defaultValues: { name: '', email: '', phoneNumber: '', currentPassword: '' },
  });
  const { reset } = form;
  const typedEmail = form.watch('email') ?? '';
  const generate = useFormState();

  useEffect(() => {
    if (id === null) return;
    // The list is the documented call; the user is picked from it.
    usersApi.list().then(
      (list) => {
        const found = list.find((u) => u.id === id);
        if (!found) setMissing(true);
        else {
          setUser(found);
          reset({
            name: found.name ?? '',
            email: found.email,
            phoneNumber: found.phoneNumber ?? '',
            currentPassword: '',
          });
        }
      },
      () => setMissing(true),
    );
  }, [id, reset]);

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
      setUser(updated);
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
        const answer = await usersApi.generateNewPassword(user.id);
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
        <FormResult state={generate} />
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
