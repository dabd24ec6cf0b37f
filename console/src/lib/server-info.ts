import { FEATURE_SET_NAMES } from '@oppslag/common/constants.ts';
import { FEATURE_SETS, type FeatureSet } from '@oppslag/common/feature-sets.ts';
import { isOneOf } from '@oppslag/common/one-of.ts';
import { atom, useAtomValue } from 'jotai';

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
  /** The server's release version (semver) from the status answer; null until it is known. */
  version: string | null;
}

export const serverInfoAtom = atom<ServerInfo>({
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@oppslag.no',
  smsNumber: import.meta.env.VITE_SMS_NUMBER ?? null,
  featureSet: null,
  production: true,
  version: null,
});

/** Absolute URLs shown by the development toolbar and used for the display preview. */
export const apiUrl = () => `${window.location.origin}/api`;
export const displayUrl = () => `${window.location.origin}/display`;
/** The development toolbar shows when the console or its server runs outside production. */
export const showDevToolbar = (info: ServerInfo) => !import.meta.env.PROD || !info.production;

/** The installation's feature set from the status answer (the oppslag set until it is known). */
export const featureSetOf = (info: ServerInfo): FeatureSet =>
  isOneOf(FEATURE_SET_NAMES, info.featureSet) ? FEATURE_SETS[info.featureSet] : FEATURE_SETS.oppslag;
export const useFeatureSet = (): FeatureSet => featureSetOf(useAtomValue(serverInfoAtom));
