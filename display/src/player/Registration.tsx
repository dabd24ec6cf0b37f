import { type FormEvent, useState } from 'react';
import { useT } from './use-t';

/** Asks for the display id and API key shown on the display's page in the console. */
export function Registration({
  onSubmit,
  message,
  busy,
  initialDisplayId = '',
}: {
  onSubmit(displayId: string, apiKey: string): void;
  message: string | null;
  busy: boolean;
  initialDisplayId?: string;
}) {
  const t = useT();
  const [displayId, setDisplayId] = useState(initialDisplayId);
  const [apiKey, setApiKey] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (displayId.trim() && apiKey.trim()) onSubmit(displayId.trim(), apiKey.trim());
  };
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-[#019939] p-8">
      <form
        onSubmit={submit}
        className="flex w-full max-w-xl flex-col gap-6 rounded-3xl bg-white p-10 shadow-2xl"
      >
        <h1 className="text-4xl font-bold text-[#01722b]">{t('register.title')}</h1>
        <p className="text-xl text-neutral-700">{t('register.intro')}</p>
        {message ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-lg font-medium text-red-800">
            {message}
          </p>
        ) : null}
        <label className="flex flex-col gap-2 text-lg font-semibold">
          {t('register.displayId')}
          <input
            name="displayId"
            value={displayId}
            onChange={(e) => setDisplayId(e.target.value)}
            autoFocus={!initialDisplayId}
            autoComplete="off"
            className="rounded-xl border-2 border-neutral-300 px-4 py-3 text-xl font-normal focus:border-[#019939] focus:outline-none"
          />
        </label>
        <label className="flex flex-col gap-2 text-lg font-semibold">
          {t('register.apiKey')}
          <input
            name="apiKey"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            autoFocus={!!initialDisplayId}
            autoComplete="off"
            className="rounded-xl border-2 border-neutral-300 px-4 py-3 text-xl font-normal focus:border-[#019939] focus:outline-none"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-xl bg-[#019939] px-6 py-4 text-xl font-bold text-white disabled:opacity-60"
        >
          {busy ? t('register.busy') : t('register.submit')}
        </button>
      </form>
    </div>
  );
}
