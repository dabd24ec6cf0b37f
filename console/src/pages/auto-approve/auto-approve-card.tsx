import { DEFAULT_COUNTRY } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { autoApproveNumberInputSchema } from '@oppslag/common/schemas/auto-approve.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { AutoApproveNumber } from '../../api/auto-approve.api';
import { autoApproveNumbersQuery } from '../../api/queries';
import { call } from '../../api/typed-client';
import { Button, IconButton } from '../../components/button';
import { Alert, Card, Spinner } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Modal } from '../../components/dialog';
import { TextField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { Icon } from '../../components/icons';
import { formatDateTime } from '../../lib/dates';
import { useFlash } from '../../lib/use-flash';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useLiveEntityList } from '../../realtime/use-live-entity-list';
import { showSnackbar } from '../../state/snackbar';
import { displayPhone, sortByDescription } from './phone-format';

/**
 * The number dialog's fields as the API's body (Norwegian numbers by default, an empty date as
 * none), checked by the API's own autoApproveNumberInputSchema.
 */
const numberFormSchema = z
  .object({ number: z.string(), description: z.string(), expirationDate: z.string() })
  .transform(
    ({ number, description, expirationDate }): z.input<typeof autoApproveNumberInputSchema> => ({
      number,
      country: DEFAULT_COUNTRY,
      description,
      expirationDate: expirationDate || null,
    }),
  )
  .pipe(autoApproveNumberInputSchema);

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
      await call(contract.autoApprove.remove, { params: { id: entityId, numberId: row.id } });
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
  const form = useSchemaForm(numberFormSchema, {
    defaultValues: { number: '', description: '', expirationDate: '' },
  });
  const number = form.watch('number');
  const { reset } = form;
  const { setState: setResult } = form.result;

  useEffect(() => {
    if (!editing) return;
    reset({
      number: row ? displayPhone(row.number) : '',
      description: row?.description ?? '',
      expirationDate: row?.expirationDate ? row.expirationDate.slice(0, 10) : '',
    });
    setResult({ status: 'initialized', message: null, fields: {} });
  }, [editing, row, reset, setResult]);

  const submit = form.onSubmit(
    async (body) => {
      const saved = row
        ? await call(contract.autoApprove.update, { params: { id: entityId, numberId: row.id }, body })
        : await call(contract.autoApprove.create, { params: { id: entityId }, body });
      onSaved(saved);
      return saved;
    },
    { success: null, error: row ? t('errors.update') : t('errors.create') },
  );

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
          <Button type="submit" form="auto-approve-form" disabled={form.result.submitting || !number.trim()}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <form id="auto-approve-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormResult state={form.result} />
        <TextField
          label={`${t('number')} (${t('country')})`}
          type="tel"
          {...form.field('number')}
          hint={t('numberHint')}
          required
          autoFocus
        />
        <TextField label={t('description')} {...form.field('description')} />
        <TextField label={t('expirationDate')} type="date" {...form.field('expirationDate')} />
      </form>
    </Modal>
  );
}
