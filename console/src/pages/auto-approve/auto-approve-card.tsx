import { DEFAULT_COUNTRY } from '@oppslag/common/constants.ts';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AutoApproveNumber, autoApproveApi } from '../../api/auto-approve.api';
import { errorMessages } from '../../api/error-messages';
import { autoApproveNumbersQuery } from '../../api/queries';
import { Button, IconButton } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/dialog';
import { TextField } from '../../components/field';
import { Icon } from '../../components/icons';
import { formatDateTime } from '../../lib/dates';
import { useFlash } from '../../lib/use-flash';
import { useLiveEntityList } from '../../realtime/use-live-entity-list';
import { showSnackbar } from '../../state/snackbar';
import { displayPhone, sortByDescription } from './phone-format';

/** Auto-approve numbers of an entity (members tab): SMS notes from these publish at once. */
export function AutoApproveCard({ entityId, editable }: { entityId: number; editable: boolean }) {
  const { t, i18n } = useTranslation('autoApprove');
  const { rows, failed, load } = useLiveEntityList(autoApproveNumbersQuery(entityId), sortByDescription);
  const [editing, setEditing] = useState<{ row: AutoApproveNumber | null } | null>(null);
  const [deleting, setDeleting] = useState<AutoApproveNumber | null>(null);
  const { fresh, flash } = useFlash();

  const remove = async () => {
    const row = deleting;
    setDeleting(null);
    if (!row) return;
    try {
      await autoApproveApi.remove(entityId, row.id);
      showSnackbar('success', t('common:feedback.deleted'));
      load();
    } catch {
      showSnackbar('error', t('errors.delete'));
    }
  };

  return (
    <Card
      title={t('title')}
      actions={
        editable &&
        rows &&
        rows.length > 0 && (
          <Button onClick={() => setEditing({ row: null })}>
            <Icon name="add" className="size-4" /> {t('add')}
          </Button>
        )
      }
    >
      {failed && <Alert kind="error">{t('errors.load')}</Alert>}
      {!rows && !failed ? (
        <Spinner size={40} />
      ) : rows?.length === 0 ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-slate-600">{t('empty')}</p>
          {editable && (
            <Button onClick={() => setEditing({ row: null })}>
              <Icon name="add" className="size-4" /> {t('add')}
            </Button>
          )}
        </div>
      ) : (
        <div className="-mx-4 overflow-x-auto">
          <table
            className="stack-table w-full text-left text-sm sm:min-w-[32rem]"
            data-testid="auto-approve-table"
          >
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2 font-medium">{t('number')}</th>
                <th className="px-4 py-2 font-medium">{t('description')}</th>
                <th className="px-4 py-2 font-medium">{t('expirationDate')}</th>
                <th className="px-4 py-2">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows?.map((row) => (
                <tr key={row.id} className={fresh.has(row.id) ? 'row-highlight' : ''}>
                  <td className="px-4 py-2 font-medium whitespace-nowrap">{displayPhone(row.number)}</td>
                  <td className="px-4 py-2" data-label={t('description')}>
                    {row.description}
                  </td>
                  <td className="px-4 py-2" data-label={t('expirationDate')}>
                    {row.expirationDate
                      ? formatDateTime(row.expirationDate, i18n.language).slice(0, 10)
                      : '—'}
                    {row.state === 'expired' && (
                      <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs">{t('expired')}</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right whitespace-nowrap">
                    {editable && (
                      <>
                        <IconButton
                          label={t('edit', { number: displayPhone(row.number) })}
                          onClick={() => setEditing({ row })}
                        >
                          <Icon name="settings" />
                        </IconButton>
                        <IconButton
                          label={t('delete', { number: displayPhone(row.number) })}
                          onClick={() => setDeleting(row)}
                        >
                          <Icon name="delete" />
                        </IconButton>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NumberDialog
        entityId={entityId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(row) => {
          setEditing(null);
          flash(row.id);
          load();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('deleteConfirm')}
        danger
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {t('deleteText', { number: deleting ? displayPhone(deleting.number) : '' })}
      </ConfirmDialog>
    </Card>
  );
}

function NumberDialog({
  entityId,
  editing,
  onClose,
  onSaved,
}: {
  entityId: number;
  editing: { row: AutoApproveNumber | null } | null;
  onClose: () => void;
  onSaved: (row: AutoApproveNumber) => void;
}) {
  const { t } = useTranslation('autoApprove');
  const row = editing?.row ?? null;
  const [values, setValues] = useState({ number: '', description: '', expirationDate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    setValues({
      number: row ? displayPhone(row.number) : '',
      description: row?.description ?? '',
      expirationDate: row?.expirationDate ? row.expirationDate.slice(0, 10) : '',
    });
    setErrors({});
    setFailed(null);
  }, [editing, row]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailed(null);
    setErrors({});
    const body = {
      number: values.number.trim(),
      country: DEFAULT_COUNTRY,
      description: values.description.trim(),
      expirationDate: values.expirationDate || null,
    };
    try {
      onSaved(
        row
          ? await autoApproveApi.update(entityId, row.id, body)
          : await autoApproveApi.create(entityId, body),
      );
    } catch (err) {
      const { formMessage, fieldMessages } = errorMessages(err, t, {
        failed: row ? t('errors.update') : t('errors.create'),
        shown: ['number', 'description', 'expirationDate'],
      });
      setErrors(fieldMessages);
      setFailed(formMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={editing !== null}
      onClose={onClose}
      title={row ? t('editTitle') : t('newTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form="auto-approve-form" disabled={busy || !values.number.trim()}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <form id="auto-approve-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {failed && <Alert kind="error">{failed}</Alert>}
        <TextField
          label={`${t('number')} (${t('country')})`}
          type="tel"
          value={values.number}
          onChange={(e) => setValues({ ...values, number: e.target.value })}
          error={errors.number}
          hint={t('numberHint')}
          required
          autoFocus
        />
        <TextField
          label={t('description')}
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
          error={errors.description}
        />
        <TextField
          label={t('expirationDate')}
          type="date"
          value={values.expirationDate}
          onChange={(e) => setValues({ ...values, expirationDate: e.target.value })}
          error={errors.expirationDate}
        />
      </form>
    </Modal>
  );
}
