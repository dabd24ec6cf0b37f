import type { Manifest } from '../../api/types';
import { SMALL_PX } from '../../player/readable';
import { useT } from '../../player/use-t';

/** Organization info: the SMS hint (code word and number when shown) and the display information. */
export function InfoPanel({ manifest }: { manifest: Manifest }) {
  const t = useT();
  const showSms = manifest.showCodeWord && !!manifest.codeWord;
  if (!showSms && !manifest.displayInformation) return null;
  return (
    <div className="flex flex-col gap-4 rounded-[18px] bg-white px-7 py-6 shadow-md" data-widget="info">
      {showSms ? (
        <div className="flex items-center gap-5" data-testid="sms-hint">
          <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden className="shrink-0">
            <rect x="5" y="1.5" width="14" height="21" rx="2.5" fill="#019939" />
            <rect x="7" y="4.5" width="10" height="13" rx="1" fill="#fff" />
            <circle cx="12" cy="20" r="1.1" fill="#fff" />
          </svg>
          <p className="leading-snug" style={{ fontSize: SMALL_PX }}>
            {t('info.smsStart')}{' '}
            <strong
              className="rounded-lg bg-[#019939]/12 px-2 font-bold text-[#01722b]"
              data-testid="code-word"
            >
              {manifest.codeWord}
            </strong>
            {manifest.smsNumber ? (
              <>
                {' '}
                {t('info.smsTo')} <strong className="font-bold tabular-nums">{manifest.smsNumber}</strong>
              </>
            ) : null}
          </p>
        </div>
      ) : null}
      {manifest.displayInformation ? (
        <p
          className="whitespace-pre-line leading-snug text-neutral-800"
          style={{ fontSize: SMALL_PX }}
          data-testid="display-information"
        >
          {manifest.displayInformation}
        </p>
      ) : null}
    </div>
  );
}
