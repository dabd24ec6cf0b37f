import { type ReactNode, useEffect, useState } from 'react';

/** Design canvas (16:9 and 9:16); the whole screen is scaled to fit any real resolution. */
export const CANVAS = { horizontal: { width: 2000, height: 1125 }, vertical: { width: 1125, height: 2000 } };
export const PADDING = 22;

function fitScale(width: number, height: number) {
  return Math.min(window.innerWidth / width, window.innerHeight / height);
}

export function Screen({ vertical, children }: { vertical: boolean; children: ReactNode }) {
  const { width, height } = vertical ? CANVAS.vertical : CANVAS.horizontal;
  const [scale, setScale] = useState(() => fitScale(width, height));
  useEffect(() => {
    const onResize = () => setScale(fitScale(width, height));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [width, height]);
  return (
    <div className="fixed inset-0 flex items-center justify-center overflow-hidden bg-[#0d1f16]">
      <div
        className="relative shrink-0 bg-[#fafaf7] text-neutral-900"
        style={{ width, height, padding: PADDING, transform: `scale(${scale})`, transformOrigin: 'center' }}
        data-orientation={vertical ? 'vertical' : 'horizontal'}
      >
        {children}
      </div>
    </div>
  );
}
