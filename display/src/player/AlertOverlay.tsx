import { ALL_CLEAR_TEXT, type Alert, type AlertLanguage, alertText } from '@oppslag/common/alerts.ts';
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Language } from './i18n';
import { languageAtom } from './state';

const other = (language: Language): AlertLanguage => (language === 'en' ? 'no' : 'en');

/** A warning triangle drawn large, so the kind of card shows before a word is read. */
function Sign({ kind, k }: { kind: 'alert' | 'clear'; k: number }) {
  // Never shrunk by the flex column (it drew at 0 px under a long alert, issue 31 item 12).
  const size = `${16 * k}vmin`;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" style={{ width: size, height: size, flexShrink: 0 }}>
      {kind === 'alert' ? (
        <path
          fillRule="evenodd"
          d="M12 2 23 21H1zM10.8 9h2.4v6h-2.4zM10.8 16.5h2.4v2.4h-2.4z"
          fill="currentColor"
        />
      ) : (
        <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
      )}
    </svg>
  );
}

interface CardText {
  title: string;
  text: string;
}

/**
 * The whole-screen card: white on deep red (an alert) or deep green (all clear), contrast above
 * 7:1, sized in viewport units so the title is about a tenth of the screen's height and reads
 * from 3 m on any panel. The screen's language comes first in full size; the other language
 * follows smaller when it says something different (a template; free text is shown once).
 */
function Card({
  kind,
  primary,
  secondary,
  until,
}: {
  kind: 'alert' | 'clear';
  primary: CardText;
  secondary: CardText;
  /** When the all-clear card goes (server ms), for the health screenshot and tests to read. */
  until?: number;
}) {
  const twice = secondary.title !== primary.title || secondary.text !== primary.text;
  const k = useFit([primary, secondary]);
  return (
    <div
      className="fixed inset-0 z-50 flex flex-col items-center justify-center overflow-hidden text-center text-white [overflow-wrap:anywhere] [hyphens:auto]"
      style={{ background: kind === 'alert' ? '#a50000' : '#00632a', padding: '6vmin 8vmin' }}
      data-testid={kind === 'alert' ? 'alert-takeover' : 'all-clear'}
      data-until={until}
      data-fit={k}
      role="alert"
      aria-live="assertive"
    >
      <Sign kind={kind} k={k} />
      <h1
        className="font-extrabold leading-tight"
        style={{ fontSize: `${11 * k}vmin`, margin: `${2 * k}vmin 0` }}
      >
        {primary.title}
      </h1>
      {primary.text && (
        <p className="font-semibold leading-snug" style={{ fontSize: `${5.6 * k}vmin`, maxWidth: '90vw' }}>
          {primary.text}
        </p>
      )}
      {twice && (
        <div
          className="leading-snug"
          style={{
            marginTop: `${5 * k}vmin`,
            paddingTop: `${3 * k}vmin`,
            borderTop: '0.4vmin solid rgba(255,255,255,0.7)',
          }}
        >
          <p className="font-bold" style={{ fontSize: `${5 * k}vmin` }}>
            {secondary.title}
          </p>
          {secondary.text && <p style={{ fontSize: `${3.6 * k}vmin`, maxWidth: '90vw' }}>{secondary.text}</p>}
        </div>
      )}
    </div>
  );
}

/** The smallest the card's type goes: its body text stays above 28 px on a 1080 px side. */
const FIT_MIN = 0.48;

/**
 * The card's type scale (1 = full size): shrunk in steps until the whole card fits the screen, so
 * an alert at its length limits (80-character title, 500-character text) is read whole, not cut
 * at the top and bottom (issue 31 item 12). Measured before paint; again when the text or the
 * window changes.
 */
function useFit(texts: CardText[]): number {
  const [k, setK] = useState(1);
  const [size, setSize] = useState(() => `${window.innerWidth}x${window.innerHeight}`);
  const key = `${texts.map((t) => `${t.title}|${t.text}`).join('|')}|${size}`;
  const fitted = useRef<string | null>(null);
  useLayoutEffect(() => {
    const onResize = () => setSize(`${window.innerWidth}x${window.innerHeight}`);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useLayoutEffect(() => {
    const card = document.querySelector<HTMLElement>('[role="alert"][data-fit]');
    if (!card) return;
    if (fitted.current !== key) {
      // New text or screen: start again from full size.
      fitted.current = key;
      if (k !== 1) return setK(1);
    }
    const overflows = card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1;
    const contentTooTall = [...card.children].some((el) => {
      const r = el.getBoundingClientRect();
      return r.top < -1 || r.bottom > window.innerHeight + 1;
    });
    if ((overflows || contentTooTall) && k > FIT_MIN) setK(Math.max(FIT_MIN, Math.round(k * 92) / 100));
  });
  return k;
}

/**
 * Rendered last in the player, above the layout and the quiet-hours blanking: the newest alert in
 * force takes over the whole screen; after an all clear, the all-clear card shows until `allClearUntil`.
 */
export function AlertOverlay({
  alert,
  allClearUntil,
}: {
  alert: Alert | null;
  allClearUntil: number | null;
}) {
  const language = useAtomValue(languageAtom);
  if (alert)
    return (
      <Card kind="alert" primary={alertText(alert, language)} secondary={alertText(alert, other(language))} />
    );
  if (allClearUntil !== null)
    return (
      <Card
        kind="clear"
        primary={ALL_CLEAR_TEXT[language]}
        secondary={ALL_CLEAR_TEXT[other(language)]}
        until={allClearUntil}
      />
    );
  return null;
}
