import { useAtomValue } from 'jotai';
import { snackbarAtom } from '../state/snackbar';

export function Snackbar() {
  const message = useAtomValue(snackbarAtom);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
    >
      {message && (
        <div
          role="status"
          data-kind={message.kind}
          className={`pointer-events-auto rounded-md px-4 py-3 text-sm font-medium text-white shadow-lg ${
            message.kind === 'success' ? 'bg-primary-700' : 'bg-red-700'
          }`}
        >
          {message.text}
        </div>
      )}
    </div>
  );
}
