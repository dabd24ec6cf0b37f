import type { Context } from 'koa';
export interface SingleFileUpload {
  fields: Record<string, string>;
  file: {
    bytes: Buffer;
    name: string;
  } | null;
}
/**
 * Reads a multipart body holding at most one file (field `file`) into memory. The file passes
 * through a temporary directory of its own that is removed whatever happens, so neither a
 * rejected nor an accepted upload leaves anything behind there.
 */
export declare function readSingleFileUpload(
  ctx: Context,
  opts: {
    maxFileSize: number;
    tmpRoot: string;
  },
): Promise<SingleFileUpload>;
