import type { ReactNode } from 'react';

export function Card({
  title,
  actions,
  children,
  className = '',
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>
      {(title || actions) && (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          {title && <h2 className="text-base font-semibold text-slate-800">{title}</h2>}
          {actions}
        </header>
      )}
      <div className="p-4">{children}</div>
    </section>
  );
}

export function Alert({
  kind,
  children,
}: {
  kind: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
}) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-800',
    success: 'border-primary-200 bg-primary-50 text-primary-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
    warning: 'border-amber-300 bg-amber-50 text-amber-900',
  }[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

/** Spinner: default size 100, thickness 3.6 (spec §9), scaled down where it sits inline. */
export function Spinner({
  size = 100,
  thickness = 3.6,
  label,
}: {
  size?: number;
  thickness?: number;
  label?: string;
}) {
  const s = Math.max(10, size);
  return (
    <div role="progressbar" aria-label={label ?? 'Loading'} className="flex justify-center p-4">
      <svg
        width={s}
        height={s}
        viewBox="22 22 44 44"
        className="animate-spin text-primary-500"
        aria-hidden="true"
      >
        <circle
          cx="44"
          cy="44"
          r={(44 - thickness) / 2}
          fill="none"
          stroke="currentColor"
          strokeWidth={thickness}
          strokeDasharray="80 200"
        />
      </svg>
    </div>
  );
}
