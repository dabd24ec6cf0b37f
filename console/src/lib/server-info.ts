import { atom } from 'jotai';

/**
 * What the console knows about its server. The support address and SMS number are configured per
 * environment on the server; when the status answer carries them they win over these defaults.
 */
export interface ServerInfo {
  supportEmail: string;
  smsNumber: string | null;
  featureSet: string | null;
  /** The server runs in production (NODE_ENV); unknown counts as production. */
  production: boolean;
}

export const serverInfoAtom = atom<ServerInfo>({
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@oppslag.no',
  smsNumber: import.meta.env.VITE_SMS_NUMBER ?? null,
  featureSet: null,
  production: true,
});

/** Absolute URLs shown by the development toolbar and used for the display preview. */
export const apiUrl = () => `${window.location.origin}/api`;
export const displayUrl = () => `${window.location.origin}/display`;
/** The development toolbar shows when the console or its server runs outside production. */
export const showDevToolbar = (info: ServerInfo) => !import.meta.env.PROD || !info.production;
