import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FormResult } from '../../../components/form-result';
import type { FormState } from '../../../lib/use-form-state';

/** A settings card with its form, Save button and the 5-second result line. */
export function CardForm({
  title,
  children,
  onSubmit,
  state,
  submitting,
  readOnly,
  submitLabel,
  testId,
}: {
  title: string;
  children: ReactNode;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  state: FormState;
  submitting: boolean;
  readOnly?: boolean;
  submitLabel?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate data-testid={testId}>
        <fieldset disabled={readOnly} className="flex flex-col gap-4">
          {children}
        </fieldset>
        <FormResult state={state} />
        {!readOnly && (
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitLabel ?? t('actions.save')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
