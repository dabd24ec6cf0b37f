import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * A modal dialog. `persistent` dialogs ignore outside clicks and Escape (used while a form has
 * unsaved changes); on phones dialogs with `fullScreenOnMobile` cover the screen.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth = 'max-w-lg',
  persistent = false,
  fullScreenOnMobile = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  maxWidth?: string;
  persistent?: boolean;
  fullScreenOnMobile?: boolean;
}) {
  return (
    <Dialog open={open} onClose={persistent ? () => undefined : onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div
        className={`fixed inset-0 flex items-center justify-center ${fullScreenOnMobile ? 'sm:p-4' : 'p-4'}`}
      >
        <DialogPanel
          className={`flex max-h-full w-full flex-col overflow-hidden bg-white shadow-xl ${maxWidth} ${
            fullScreenOnMobile ? 'h-full sm:h-auto sm:rounded-lg' : 'rounded-lg'
          }`}
        >
          <DialogTitle className="border-b border-slate-200 px-5 py-3 text-lg font-semibold text-slate-900">
            {title}
          </DialogTitle>
          <div className="flex-1 overflow-y-auto px-5 py-4 text-sm text-slate-700">{children}</div>
          {actions && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
              {actions}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
