import type { Db } from '../db/client';
/** The columns of a display's chain that its content and its version depend on. */
export interface ChainEntity {
  id: number;
  parentId: number | null;
  type: 'system' | 'group' | 'organization' | 'display';
  deleted: boolean;
  apiKeyVersion: number;
  bannerFallbackText: string | null;
  updatedAt: Date;
  /** The entity's last event sequence number (null before its first event). */
  seq: number | null;
}
export interface DisplayNoteRow {
  id: number;
  entityId: number;
  text: string;
  icon: string;
  iconColor: string;
  date: Date;
  end: Date | null;
  sticky: boolean;
}
export interface DisplaySlideRow {
  id: number;
  entityId: number;
  slot: 'banner' | 'partnerLogo' | 'adsSmall' | 'adsLarge';
  type: 'banner-asset' | 'banner-template';
  start: Date;
  end: Date | null;
  duration: number | null;
  templateId: string | null;
  templateText: string | null;
  assetId: number | null;
  assetType: number | null;
  assetMime: string | null;
  assetPage: number | null;
  assetHasCropped: boolean | null;
  assetUpdatedAt: Date | null;
}
export declare const displayQueries: {
  chain: (db: Db, id: number, masterId: number | null) => Promise<ChainEntity[]>;
  notes: (db: Db, ids: number[]) => Promise<DisplayNoteRow[]>;
  contents: (db: Db, ids: number[], slots: string[]) => Promise<DisplaySlideRow[]>;
};
