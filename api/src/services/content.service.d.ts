import {
  type Actor,
  type ContentInput,
  type ContentSlot,
  type ContentType,
  type FeatureSet,
} from '@oppslag/common';
import type { Tx } from '../db/client';
import type { ContentWithAsset } from '../presenters/content.presenter';
export interface ContentFilter {
  entityIds: number[];
  slots: ContentSlot[];
  approved: boolean | 'all';
  isTemplate: boolean | 'all';
  /** Only this content type (spec §3 get-content query `type`); all when absent. */
  type?: ContentType;
}
/** Contents with their asset, in rotation order: earliest start first, then id. */
export declare function listContents(tx: Tx, filter: ContentFilter): Promise<ContentWithAsset[]>;
export interface ContentContext {
  featureSet: FeatureSet;
  now: Date;
  /** The entity and its ancestors, entity first; an asset must belong to one of them. */
  ancestry: number[];
}
export declare function createContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  input: ContentInput,
  actor: Actor,
  ctx: ContentContext,
): Promise<ContentWithAsset>;
export declare function updateContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  contentId: number,
  input: ContentInput,
  actor: Actor,
  ctx: ContentContext,
): Promise<ContentWithAsset>;
export declare function deleteContent(
  tx: Tx,
  entityId: number,
  slot: ContentSlot,
  contentId: number,
  actor: Actor,
): Promise<void>;
