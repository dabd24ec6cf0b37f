import { useCallback, useState } from 'react';

/** How long a just-changed row keeps its highlight. */
const FLASH_MS = 4000;

/** Rows to highlight after a change: `flash(id)` marks one for four seconds, several at once. */
export function useFlash() {
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const flash = useCallback((id: number) => {
    setFresh((s) => new Set(s).add(id));
    setTimeout(() => setFresh((s) => new Set([...s].filter((x) => x !== id))), FLASH_MS);
  }, []);
  return { fresh, flash };
}
