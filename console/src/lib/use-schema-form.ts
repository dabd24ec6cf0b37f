import { toNestErrors } from '@hookform/resolvers';
import { fieldErrorsOf } from '@oppslag/common/field-errors.ts';
import type { TFunction } from 'i18next';
import { type BaseSyntheticEvent, useCallback, useMemo } from 'react';
import {
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldTexts, fieldMessage } from '../api/error-messages';
import { type SubmitMessages, useFormState } from './use-form-state';

/** A request schema of common (or one derived from it with pick/extend/transform). */
type Schema = z.ZodType<unknown, FieldValues>;

/**
 * A zod resolver over a common request schema, in the user's language: a refused value gets the
 * field code the API would answer with (common's fieldErrorsOf) and the console's words for it
 * (`errors:fields.<code>`, or the form's own `texts`), so the browser and the server say the same.
 * The schema's own parse answers (typed input and output); @hookform/resolvers' zodResolver kept
 * only the issues' English text and needed its types forced.
 */
export function schemaResolver<S extends Schema>(
  schema: S,
  t: TFunction,
  texts?: FieldTexts,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const field of parsed.error.issues.flatMap((issue) => fieldErrorsOf(issue, values)))
      flat[field.path] ??= { type: field.code, message: fieldMessage(field, t, texts) };
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

export interface SchemaFormOptions<S extends Schema>
  extends Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> {
  /** The form's own words for some refusals, by field path and code (see FieldTexts). */
  texts?: FieldTexts;
}

/** What useSchemaForm gives: react-hook-form's form plus the submit, result line and field helpers. */
export type SchemaForm<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** The 5-second result line's state (FormResult) and whether a submit is running. */
  result: ReturnType<typeof useFormState>;
  onSubmit: (
    action: (values: z.output<S>) => Promise<unknown>,
    messages: Omit<SubmitMessages, 'onFields' | 'texts'> & {
      /** Server field path → form field, where the request body differs from the form (`0.email`). */
      serverFields?: Record<string, Path<z.input<S>>>;
    },
  ) => (e?: BaseSyntheticEvent) => Promise<void>;
  field: (
    name: Path<z.input<S>>,
  ) => ReturnType<UseFormReturn<z.input<S>>['register']> & { error: string | null };
  showServerFields: (fields: Record<string, string>) => void;
};

/**
 * A form on react-hook-form, checked by a common request schema before sending, submitted through
 * useFormState (one submit at a time, the 5-second result line). A server refusal's field reasons
 * land on their fields (setError), translated; the others, and every other failure, in the
 * result line. `field(name)` gives what a TextField needs: the registration and its error.
 */
export function useSchemaForm<S extends Schema>(
  schema: S,
  { texts, ...options }: SchemaFormOptions<S>,
): SchemaForm<S> {
  const { t } = useTranslation();
  const resolver = useMemo(() => schemaResolver(schema, t, texts), [schema, t, texts]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
  const result = useFormState();
  const { setError, handleSubmit, register, getValues, getFieldState } = form;

  /** Shows the server's field reasons on their fields (a path the form lacks goes to the result line). */
  const showServerFields = useCallback(
    (fields: Record<string, string>) => {
      // A path is the form's when its first segment is one of the form's values.
      const ofForm = (path: string): path is Path<z.input<S>> =>
        Object.hasOwn(getValues(), path.split('.')[0]);
      for (const [path, message] of Object.entries(fields))
        if (ofForm(path)) setError(path, { type: 'server', message });
    },
    [setError, getValues],
  );

  /**
   * The form's onSubmit: checks, then runs `action` with the parsed values. Field paths the form
   * shows default to its fields' names.
   */
  const onSubmit: SchemaForm<S>['onSubmit'] = (action, { serverFields, ...messages }) =>
    handleSubmit(async (values) => {
      await result.submit(() => action(values), {
        ...messages,
        shown: messages.shown ?? (serverFields ? Object.keys(serverFields) : fieldNames(getValues())),
        texts,
        onFields: (fields) =>
          showServerFields(
            Object.fromEntries(
              Object.entries(fields).map(([path, text]) => [serverFields?.[path] ?? path, text]),
            ),
          ),
      });
    });

  const field: SchemaForm<S>['field'] = (name) => ({
    ...register(name),
    error: getFieldState(name, form.formState).error?.message ?? null,
  });

  return { ...form, result, onSubmit, field, showServerFields };
}

/** The top-level names of a form's values. */
const fieldNames = (values: FieldValues) => Object.keys(values);

/** The keys of a react-hook-form error itself, not of nested fields. */
const NOT_FIELDS = new Set(['ref', 'type', 'types', 'message', 'root']);

/** react-hook-form's nested errors as messages by dot path (`quietHours.start`). */
export function errorTexts(errors: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || NOT_FIELDS.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string') out[path] = value.message;
    Object.assign(out, errorTexts(value, path));
  }
  return out;
}
