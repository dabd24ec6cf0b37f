import { MAX_SMS_NOTIFICATION_MEMBERS } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { useMutation } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/api-error';
import type { Member } from '../../../api/entities.api';
import { queryClient } from '../../../api/query-client';
import { call } from '../../../api/typed-client';
import { Button, IconButton } from '../../../components/button';
import { Alert, Card, Spinner } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icons';
import { loadMembers, useMembers } from '../../../state/members';
import { canRemoveMember, smsToggleDisabled } from '../../../state/members.reducer';
import { useCan, useIsAdmin } from '../../../state/permissions';
import { tokenUserAtom } from '../../../state/session';
import { showSnackbar } from '../../../state/snackbar';
import { AutoApproveCard } from '../../auto-approve/auto-approve-card';
import { useEntity } from '../entity-frame';
import { AddMemberDialog } from './add-member-dialog';

/** Members tab: direct and inherited members; admins add, remove and toggle per-member settings. */
export default function MembersTab() {
  const { t } = useTranslation('entity');
  const entity = useEntity();
  const isAdmin = useIsAdmin();
  const me = useAtomValue(tokenUserAtom);
  const { data: members, isError: failed } = useMembers(entity.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const mayEditNumbers = useCan(entity.id, 'edit_entity');

  const toggleMutation = useMutation(
    {
      mutationFn: ({
        member,
        key,
        value,
      }: {
        member: Member;
        key: 'autoApprove' | 'smsNotifications';
        value: boolean;
      }) =>
        call(contract.members.updatePermissions, {
          params: { id: member.entityId, userId: member.userId },
          body: { [key]: value },
        }),
      onSuccess: () => loadMembers(entity.id),
      onError: (err) => {
        const limit = err instanceof ApiError && err.code === 'sms_notification_limit';
        showSnackbar(
          'error',
          limit
            ? t('members.smsLimit', { max: MAX_SMS_NOTIFICATION_MEMBERS })
            : t('errors.memberPermissions'),
        );
      },
    },
    queryClient,
  );
  const toggle = (member: Member, key: 'autoApprove' | 'smsNotifications', value: boolean) =>
    toggleMutation.mutate({ member, key, value });

  const removeMutation = useMutation(
    {
      // Removal targets the entity the permission is granted on (spec §4).
      mutationFn: (member: Member) =>
        call(contract.members.remove, { params: { id: member.entityId, userId: member.userId } }),
      onSuccess: async () => {
        showSnackbar('success', t('common:feedback.removed'));
        await loadMembers(entity.id);
      },
      onError: () => showSnackbar('error', t('errors.removeMember')),
    },
    queryClient,
  );
  const remove = () => {
    if (!removing) return;
    setRemoving(null);
    removeMutation.mutate(removing);
  };

  return (
    <div className="flex flex-col gap-4">
      <Card
        title={t('members.title', { name: entity.name })}
        actions={
          isAdmin && (
            <Button onClick={() => setAdding(true)}>
              <Icon name="add" className="size-4" /> {t('members.add')}
            </Button>
          )
        }
      >
        {failed && <Alert kind="error">{t('errors.members')}</Alert>}
        {!members && !failed ? (
          <Spinner size={40} />
        ) : members && members.list.length === 0 ? (
          <p className="text-sm text-slate-500">{t('members.empty')}</p>
        ) : members ? (
          <div className="-mx-4 overflow-x-auto">
            <table
              className="stack-table w-full text-left text-sm sm:min-w-[36rem]"
              data-testid="members-table"
            >
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th className="px-4 py-2 font-medium">{t('members.user')}</th>
                  <th className="px-4 py-2 font-medium">{t('members.role')}</th>
                  <th className="px-4 py-2 font-medium">{t('members.autoApprove')}</th>
                  <th className="px-4 py-2 font-medium">{t('members.smsNotifications')}</th>
                  <th className="px-4 py-2">
                    <span className="sr-only">{t('members.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {members.list.map((m) => {
                  const highlight = !m.inherited && members.highlight[m.userId];
                  return (
                    <tr
                      key={`${m.entityId}-${m.userId}`}
                      className={highlight ? 'row-highlight' : ''}
                      data-inherited={m.inherited || undefined}
                    >
                      <td className="px-4 py-2">
                        <div className="font-medium text-slate-800">{m.name || m.email}</div>
                        {m.name && <div className="text-xs text-slate-500">{m.email}</div>}
                        {m.inherited && (
                          <div className="text-xs text-slate-600">
                            {t('members.inheritedFrom')}{' '}
                            <Link
                              to={`/entities/${m.entityId}/members`}
                              className="text-primary-700 underline"
                            >
                              {m.inheritedFromName ?? `#${m.entityId}`}
                            </Link>
                          </div>
                        )}
                      </td>
                      <td className="px-4 py-2" data-label={t('members.role')}>
                        {t(`common:roles.${m.role}`)}
                      </td>
                      <td className="px-4 py-2" data-label={t('members.autoApprove')}>
                        <input
                          type="checkbox"
                          className="size-4 accent-primary-500"
                          aria-label={t('members.autoApproveFor', { user: m.name || m.email })}
                          checked={m.autoApprove}
                          disabled={!isAdmin || m.inherited}
                          onChange={(e) => toggle(m, 'autoApprove', e.target.checked)}
                        />
                      </td>
                      <td className="px-4 py-2" data-label={t('members.smsNotifications')}>
                        <input
                          type="checkbox"
                          className="size-4 accent-primary-500"
                          aria-label={t('members.smsFor', { user: m.name || m.email })}
                          checked={m.smsNotifications}
                          disabled={
                            !isAdmin ||
                            m.inherited ||
                            smsToggleDisabled(members.list, m, MAX_SMS_NOTIFICATION_MEMBERS)
                          }
                          onChange={(e) => toggle(m, 'smsNotifications', e.target.checked)}
                        />
                      </td>
                      <td className="px-4 py-2 text-right">
                        {isAdmin && canRemoveMember(m, me?.id) && (
                          <IconButton
                            label={t('members.remove', { user: m.name || m.email })}
                            onClick={() => setRemoving(m)}
                          >
                            <Icon name="delete" />
                          </IconButton>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {members.list.some((m) => m.inherited) && (
              <p className="px-4 pt-2 text-xs text-slate-500">{t('members.inheritedHint')}</p>
            )}
          </div>
        ) : null}
        {/* What the SMS column does and why only two (issue 31 item 3): approve-by-reply explained. */}
        <p className="pt-2 text-xs text-slate-600" data-testid="sms-notifications-help">
          {t('members.smsHelp', { max: MAX_SMS_NOTIFICATION_MEMBERS })}
        </p>
        <AddMemberDialog entityId={entity.id} open={adding} onClose={() => setAdding(false)} />
        <ConfirmDialog
          open={removing !== null}
          title={t('members.removeTitle')}
          confirmLabel={t('members.removeConfirm')}
          danger
          onConfirm={remove}
          onCancel={() => setRemoving(null)}
        >
          {t('members.removeText', { user: removing?.name || removing?.email, name: entity.name })}
        </ConfirmDialog>
      </Card>
      <AutoApproveCard entityId={entity.id} editable={mayEditNumbers} />
    </div>
  );
}
