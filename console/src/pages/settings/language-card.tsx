import { LANGUAGES, type Language } from '@oppslag/common/constants.ts';
import { contract } from '@oppslag/common/contract/index.ts';
import { updateUserSchema } from '@oppslag/common/schemas/user.ts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/typed-client';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { setLanguage } from '../../i18n/index';
import { useSchemaForm } from '../../lib/use-schema-form';
import { storeProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';

/** The interface language as one the API accepts (Norwegian when i18next holds something else). */
const languageOf = (value: string): Language => LANGUAGES.find((l) => l === value) ?? 'no';

/** The API's own rule for a user's language. */
const languageFormSchema = updateUserSchema.pick({ language: true }).required();

/** Language: stored on the user and switched in the interface at once. */
export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const user = useAtomValue(tokenUserAtom);
  const form = useSchemaForm(languageFormSchema, { defaultValues: { language: languageOf(i18n.language) } });
  const language = form.watch('language');

  const submit = form.onSubmit(
    async (values) => {
      if (!user) return false;
      const updated = await call(contract.users.update, { params: { id: user.id }, body: values });
      storeProfile(updated);
      await setLanguage(values.language);
      return updated;
    },
    // Resolved after the switch so the message is in the new language.
    { success: t('language.success', { lng: language }), error: t('language.error') },
  );

  return (
    <Card title={t('language.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="language-form">
        <SelectField label={t('language.label')} {...form.register('language')}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`language.names.${l}`)}
            </option>
          ))}
        </SelectField>
        <FormResult state={form.result} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.result.submitting}>
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
