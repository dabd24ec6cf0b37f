import { type CSSProperties, useMemo } from 'react';
import { hyphenateHtml, LANG_ATTRIBUTE } from '../../lib/hyphenate';
import type { Language } from '../../player/i18n';
import { sanitizeHtml } from './sanitize';

/**
 * Note and template text: sanitized HTML rendered with the board's typography; with `language`,
 * hyphenated in it (soft hyphens, see lib/hyphenate.ts) and marked with its `lang`.
 */
export function RichText({
  html,
  className,
  style,
  language,
}: {
  html: string;
  className?: string;
  style?: CSSProperties;
  language?: Language;
}) {
  const safe = useMemo(() => {
    const clean = sanitizeHtml(html);
    return language ? hyphenateHtml(clean, language) : clean;
  }, [html, language]);
  return (
    <div
      className={`rich-text ${className ?? ''}`}
      style={language ? { hyphens: 'manual', ...style } : style}
      lang={language ? LANG_ATTRIBUTE[language] : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is filtered to an allow-list above
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
