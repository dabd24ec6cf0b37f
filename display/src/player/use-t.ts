import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { type MessageKey, translate } from './i18n';
import { languageAtom } from './state';

/** Localized text in the screen's language. */
export function useT() {
  const language = useAtomValue(languageAtom);
  return useCallback(
    (key: MessageKey, params?: Record<string, string>) => translate(language, key, params),
    [language],
  );
}
