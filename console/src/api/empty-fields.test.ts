// @vitest-environment jsdom
import { contract } from '@oppslag/common/contract/index.ts';
import { fieldErrorsOf } from '@oppslag/common/field-errors.ts';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resources } from '../i18n/index';
import { fieldMessage } from './error-messages';

/** A validator's words a user must never read (issue 31 item 6). */
const VALIDATOR_WORDS = /\btype\b|\btypen?\b|format|tillatte verdier|allowed values|accepted values/i;

/** The ways a console field is emptied: a cleared text box, a cleared number box, nothing chosen. */
const EMPTIED: unknown[] = [undefined, null, '', '   ', Number.NaN, []];

/** The object schema under pipes, transforms, refinements and optional/nullable wrappers, if any. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | null {
  let s: unknown = schema;
  for (let i = 0; i < 8 && s; i++) {
    if (s instanceof z.ZodObject) return s;
    if (s instanceof z.ZodPipe) s = s.in;
    else if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault)
      s = s.unwrap();
    else return null;
  }
  return null;
}

/** Every field path of a request body: its keys and the keys of the objects inside (quietHours.start). */
function fieldPaths(schema: z.ZodObject, prefix: string[] = []): string[][] {
  return Object.entries(schema.shape).flatMap(([key, inner]) => {
    const nested = objectOf(inner as z.ZodType);
    const path = [...prefix, key];
    return nested && prefix.length === 0 ? [path, ...fieldPaths(nested, path)] : [path];
  });
}

/** Every text of a translation tree, with its key. */
const texts = (tree: unknown, prefix = ''): [string, string][] =>
  typeof tree === 'string'
    ? [[prefix, tree]]
    : Object.entries(tree as object).flatMap(([k, v]) => texts(v, `${prefix}.${k}`));

const at = (path: string[], value: unknown): Record<string, unknown> =>
  path.length === 1 ? { [path[0]]: value } : { [path[0]]: at(path.slice(1), value) };

async function translator(lng: 'no' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng, resources, defaultNS: 'common', interpolation: { escapeValue: false } });
  return i18n.t;
}

/**
 * Every form of the console checks a request body of common's contract before sending (and the
 * API answers with the same field codes), so walking every field of every request body with each
 * way of emptying it walks every form's empty fields. Each refusal is translated as the console
 * shows it, in both languages: none may name a validator's word ("type", "format", "tillatte
 * verdier"), and an emptied field is told as missing, not as malformed.
 */
describe('every form field emptied reads in the user’s words', () => {
  const bodies = Object.entries(contract).flatMap(([group, routes]) =>
    Object.entries(routes).flatMap(([name, route]) => {
      const body = objectOf((route as { body?: z.ZodType }).body);
      return body ? [{ name: `${group}.${name}`, body }] : [];
    }),
  );

  it('walks a real number of forms', () => {
    expect(bodies.length).toBeGreaterThan(20);
  });

  for (const lng of ['no', 'en'] as const)
    it(`in ${lng === 'no' ? 'Norwegian' : 'English'}`, async () => {
      const t = await translator(lng);
      let checked = 0;
      for (const { name, body } of bodies)
        for (const path of fieldPaths(body))
          for (const value of EMPTIED) {
            const input = at(path, value);
            const parsed = body.safeParse(input);
            if (parsed.success) continue;
            const dotted = path.join('.');
            for (const field of parsed.error.issues.flatMap((issue) => fieldErrorsOf(issue, input))) {
              if (field.path !== dotted) continue;
              const text = fieldMessage(field, t);
              checked++;
              expect(text, `${name} ${dotted}=${JSON.stringify(value)}`).not.toMatch(VALIDATOR_WORDS);
              expect(text, `${name} ${dotted}=${JSON.stringify(value)}`).not.toMatch(/^errors:/);
              expect(field.code, `${name} ${dotted}=${JSON.stringify(value)}`).toBe('required');
            }
          }
      expect(checked).toBeGreaterThan(100);
    });

  it('has no validator word in any field message, generic or a field’s own', () => {
    for (const lng of ['no', 'en'] as const) {
      const errors = resources[lng].errors as { fields: object; byField: object };
      for (const [key, text] of texts([errors.fields, errors.byField]))
        expect(text, `${lng} ${key}`).not.toMatch(VALIDATOR_WORDS);
    }
  });
});
