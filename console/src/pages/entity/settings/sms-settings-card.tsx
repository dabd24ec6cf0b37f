import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../api/entities.api';
import { Checkbox, TextField } from '../../../components/field';
import { useIsAdmin } from '../../../state/permissions';
import { CardForm } from './card-form';
import { useEntityForm } from './use-entity-form';

const KEYS = ['codeWord', 'showCodeWord'] as const;

/** SMS settings: the code word (admins edit it) and whether the display shows the SMS hint. */
export function SmsSettingsCard({ entity, readOnly }: { entity: Entity; readOnly: boolean }) {
  const { t } = useTranslation('entity');
  const isAdmin = useIsAdmin();
  const { values, set, submit, errors, form } = useEntityForm(entity, KEYS, {
    success: t('settings.sms.success'),
    error: t('settings.sms.error'),
  });
  return (
    <CardForm
      title={t('settings.sms.title')}
      onSubmit={submit}
      state={form}
      submitting={form.submitting}
      readOnly={readOnly}
      testId="sms-settings"
    >
      <TextField
        label={t('fields.codeWord')}
        value={values.codeWord ?? ''}
        onChange={(e) => set('codeWord', e.target.value)}
        error={errors.codeWord}
        disabled={!isAdmin}
        hint={t('settings.sms.codeWordHint')}
      />
      <Checkbox
        label={t('fields.showCodeWord')}
        checked={values.showCodeWord}
        onChange={(e) => set('showCodeWord', e.target.checked)}
      />
    </CardForm>
  );
}
