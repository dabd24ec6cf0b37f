import { LANGUAGES, type Language } from '@oppslag/common/constants.ts';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usersApi } from '../../api/users.api';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/field';
import { FormResult } from '../../components/form-result';
import { setLanguage } from '../../i18n/index';
import { useFormState } from '../../lib/use-form-state';
import { storeProfile } from '../../state/profile';
import { tokenUserAtom } from '../../state/session';

/** The interface language as one the API accepts (Norwegian when i18next holds something else). */
const languageOf = (value: string): Language => LANGUAGES.find((l) => l === value) ?? 'no';

/** Language: stored on the user and switched in the interface at once. */
export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const user = useAtomValue(tokenUserAtom);
  const [language, setSelected] = useState(languageOf(i18n.language));
  const form = useFormState();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    void form.submit(
      async () => {
        const updated = await usersApi.update(user.id, { language });
        storeProfile(updated);
        await setLanguage(language);
        return updated;
      },
      // Resolved after the switch so the message is in the new language.
      { success: t('language.success', { lng: language }), error: t('language.error') },
    );
  };

  return (
    <Card title={t('language.title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="language-form">
        <SelectField
          label={t('language.label')}
          value={language}
          onChange={(e) => setSelected(languageOf(e.target.value))}
          name="language"
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`language.names.${l}`)}
            </option>
          ))}
        </SelectField>
        <FormResult state={form} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.submitting}>
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
