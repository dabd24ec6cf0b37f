import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { propertyOf } from '@oppslag/common/property-of.ts';
import formidable, { type Fields, type Files, errors as formidableErrors } from 'formidable';
import type { Context } from 'koa';
import { AppError } from '../errors';

export interface SingleFileUpload {
  fields: Record<string, string>;
  file: { bytes: Buffer; name: string } | null;
}

/** Headroom for multipart boundaries and small fields on top of the file limit. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = (maxFileSize: number) =>
  new AppError('payload_too_large', `The file is larger than ${Math.round(maxFileSize / 1024 / 1024)} MB`);

/** Formidable reports most failures as 500; every one of them is a problem with the request. */
function fromFormidable(err: unknown, maxFileSize: number): AppError {
  const code = propertyOf(err, 'code');
  if (
    code === formidableErrors.biggerThanMaxFileSize ||
    code === formidableErrors.biggerThanTotalMaxFileSize
  ) {
    return tooLarge(maxFileSize);
  }
  if (code === formidableErrors.maxFilesExceeded) {
    return new AppError('validation_failed', 'Only one file can be uploaded at a time');
  }
  if (code === formidableErrors.maxFieldsExceeded || code === formidableErrors.maxFieldsSizeExceeded) {
    return new AppError('validation_failed', 'Too many form fields');
  }
  return new AppError('validation_failed', 'The multipart body could not be read');
}

/** A filename as shown to people: no directories, no control characters, bounded length. */
function cleanName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'upload';
}

/**
 * Reads a multipart body holding at most one file (field `file`) into memory. The file passes
 * through a temporary directory of its own that is removed whatever happens, so neither a
 * rejected nor an accepted upload leaves anything behind there.
 */
export async function readSingleFileUpload(
  ctx: Context,
  opts: { maxFileSize: number; tmpRoot: string },
): Promise<SingleFileUpload> {
  if (!ctx.is('multipart/form-data')) {
    throw new AppError('unsupported_media_type', 'Expected a multipart/form-data body');
  }
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > opts.maxFileSize + ENVELOPE_BYTES) {
    ctx.req.resume();
    throw tooLarge(opts.maxFileSize);
  }
  mkdirSync(opts.tmpRoot, { recursive: true });
  const dir = await mkdtemp(join(opts.tmpRoot, 'upload-'));
  try {
    const form = formidable({
      uploadDir: dir,
      maxFiles: 1,
      maxFileSize: opts.maxFileSize,
      maxTotalFileSize: opts.maxFileSize,
      maxFields: 10,
      maxFieldsSize: 16 * 1024,
      allowEmptyFiles: true,
      minFileSize: 0,
      keepExtensions: false,
    });
    let parsed: [Fields, Files];
    try {
      parsed = await form.parse(ctx.req);
    } catch (err) {
      // Drain what the client is still sending so it receives our answer instead of a reset.
      ctx.req.resume();
      throw fromFormidable(err, opts.maxFileSize);
    }
    const [rawFields, rawFiles] = parsed;
    const fields: Record<string, string> = {};
    for (const [key, values] of Object.entries(rawFields)) if (values?.length) fields[key] = values[0];
    const all = Object.entries(rawFiles).flatMap(([key, files]) => (files ?? []).map((f) => ({ key, f })));
    if (all.length > 1) throw new AppError('validation_failed', 'Only one file can be uploaded at a time');
    if (all.length === 1 && all[0].key !== 'file') {
      throw new AppError('validation_failed', 'The file must be sent in the field "file"');
    }
    const one = all[0]?.f;
    const file = one ? { bytes: await readFile(one.filepath), name: cleanName(one.originalFilename) } : null;
    return { fields, file };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
