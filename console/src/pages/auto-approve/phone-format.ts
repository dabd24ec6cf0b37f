/** Shows a stored number (00 + calling code + national number) the way people write it. */
export function displayPhone(stored: string): string {
  if (stored.startsWith('0047') && stored.length === 12) {
    const n = stored.slice(4);
    return `+47 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`;
  }
  return stored.startsWith('00') ? `+${stored.slice(2)}` : stored;
}

/** Sorted by description (spec §2), numbers without one last. */
export function sortByDescription<T extends { description: string; number: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(!a.description) - Number(!b.description) ||
      a.description.localeCompare(b.description, 'nb') ||
      a.number.localeCompare(b.number),
  );
}
