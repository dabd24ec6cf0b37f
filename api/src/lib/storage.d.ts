import type { Database } from '../db/client';
/** Where asset files live; the local disk is the default, an object store can implement the same four calls. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
export declare class LocalDiskStorage implements Storage {
  readonly root: string;
  constructor(root: string);
  private path;
  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
/**
 * Files in PostgreSQL: what a deployment with several API and worker replicas uses, since they
 * share no disk. A put of an existing key replaces it, like a rename over a file.
 */
export declare class DatabaseStorage implements Storage {
  private readonly database;
  constructor(database: Database);
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
/** The default storage of an installation: `${dataDir}/assets/`. */
export declare const createLocalStorage: (dataDir: string) => Storage;
/** The storage ASSET_STORAGE selects: the local disk, or PostgreSQL for replicated deployments. */
export declare const createStorage: (
  kind: 'disk' | 'database',
  dataDir: string,
  database: Database,
) => Storage;
