/** localStorage keys of spec §9. */
export const STORAGE_KEYS = { token: 'token', locale: 'locale', entityId: 'entityId' } as const;

/** localStorage that tolerates a browser where storage is disabled. */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives only for this page load */
    }
  },
};
