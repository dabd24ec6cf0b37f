// @vitest-environment jsdom
import { ERROR_CODES, FIELD_ERROR_CODES } from '@oppslag/common/errors.ts';
import { describe, expect, it } from 'vitest';
import { resources } from './index';

/** Flattens nested keys to "a.b.c" paths. */
function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/** Every leaf with its "a.b.c" path. */
function leaves(obj: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? leaves(v as Record<string, unknown>, `${prefix}${k}.`)
      : ([[`${prefix}${k}`, v]] as [string, unknown][]),
  );
}

describe('translations', () => {
  it('has the same namespaces in Norwegian and English', () => {
    expect(Object.keys(resources.no).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it('has every key in both languages and no empty text', () => {
    for (const ns of Object.keys(resources.en)) {
      const en = keys(resources.en[ns]).sort();
      const no = keys(resources.no[ns]).sort();
      expect(no, `namespace ${ns}`).toEqual(en);
      for (const lang of ['en', 'no'] as const) {
        // Walked as values, not re-split paths: some keys contain dots ("note.created").
        for (const [key, value] of leaves(resources[lang][ns])) {
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key}`).toBe(true);
        }
      }
    }
  });
});

describe('error translations', () => {
  it('has a Norwegian and an English text for every error code and field error code of common', () => {
    for (const lang of ['no', 'en'] as const) {
      const errors = resources[lang].errors as {
        codes: Record<string, string>;
        fields: Record<string, string>;
      };
      expect(Object.keys(errors.codes).sort(), `${lang} codes`).toEqual([...ERROR_CODES].sort());
      expect(Object.keys(errors.fields).sort(), `${lang} fields`).toEqual([...FIELD_ERROR_CODES].sort());
    }
  });
});
