import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** react-hook-form's `register` hands its ref here (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input, controlled (`value`) or registered with react-hook-form. E-mail inputs
 * show a valid or invalid state once something is typed (spec §5); number inputs are parsed as
 * integers by their forms.
 */
export function TextField({ label, error, hint, className = '', required, onChange, ...rest }: FieldProps) {
  const id = useId();
  // What was typed into a registered (uncontrolled) input, for the e-mail state.
  const [typed, setTyped] = useState('');
  const value = typeof rest.value === 'string' ? rest.value : typed;
  const emailState =
    rest.type === 'email' && value ? (EMAIL_PATTERN.test(value.trim()) ? 'valid' : 'invalid') : null;
  const invalid = Boolean(error) || emailState === 'invalid';
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        data-state={emailState ?? undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-primary-500 disabled:bg-slate-100 ${
          invalid ? 'border-red-600' : emailState === 'valid' ? 'border-primary-500' : 'border-slate-300'
        }`}
        {...rest}
        onChange={(e) => {
          setTyped(e.target.value);
          onChange?.(e);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  children,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:ring-2 focus:ring-primary-500"
        {...rest}
      >
        {children}
      </select>
    </div>
  );
}

export function Checkbox({
  label,
  className = '',
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input id={id} type="checkbox" className="size-4 accent-primary-500" {...rest} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}
