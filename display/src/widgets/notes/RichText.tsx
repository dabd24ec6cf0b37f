import { type CSSProperties, useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

/** Note and template text: sanitized HTML rendered with the board's typography. */
export function RichText({
  html,
  className,
  style,
}: {
  html: string;
  className?: string;
  style?: CSSProperties;
}) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={`rich-text ${className ?? ''}`}
      style={style}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is filtered to an allow-list above
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
