import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouter } from '../routes/index';
import { startTestApi, type TestApi } from '../test/harness';

/** The release's version, read from its one place (the root package.json). */
const rootVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/** Every `$ref` in the document, so the test can check each one resolves inside it. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsIn(value, out);
    }
  }
  return out;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>(
      (node, part) =>
        (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    );
}

// biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON probed by the assertions
type OpenApiDoc = Record<string, any>;
type Operation = { operationId: string };

describe('GET /api/openapi.json', () => {
  let api: TestApi;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    api = await startTestApi();
    const res = await api.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(() => api.close());

  it('is an OpenAPI 3.1 document with bearer security', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Oppslag API', version: rootVersion });
    expect(doc.components.securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  });

  it('lists the platform calls with their request and response schemas', () => {
    const expected: [string, string][] = [
      ['get', '/api/status'],
      ['post', '/api/admin/install'],
      ['post', '/api/authentication/login'],
      ['post', '/api/authentication/reset-password'],
      ['post', '/api/authentication/reset-password/confirm'],
      ['get', '/api/account'],
      ['put', '/api/account'],
      ['post', '/api/account/change-password'],
      ['get', '/api/users'],
      ['get', '/api/users/{id}'],
      ['put', '/api/users/{id}'],
      ['post', '/api/users/{id}/generateNewPassword'],
    ];
    for (const [method, path] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const login = doc.paths['/api/authentication/login'].post;
    expect(login.security).toEqual([]);
    const body = login.requestBody.content['application/json'].schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
    });
    expect(login.responses['200'].content['application/json'].schema.properties.token).toEqual({
      type: 'string',
    });
    expect(login.responses['401'].content['application/json'].schema).toBeDefined();
    const put = doc.paths['/api/users/{id}'].put;
    expect(put.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
  });

  it('documents every mounted route and mounts every documented one', () => {
    const mounted = apiRouter(api.deps)
      .stack.filter((layer) => layer.methods.length > 0)
      .flatMap((layer) =>
        layer.methods
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method.toLowerCase()} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
      );
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method} ${path}`),
    );
    expect(mounted.length).toBeGreaterThan(40);
    expect(new Set(mounted).size).toBe(mounted.length);
    expect([...mounted].sort()).toEqual([...documented].sort());
  });

  it('describes error answers by their codes and the permission a route needs', () => {
    const create = doc.paths['/api/content/{entityId}/note'].post;
    expect(create.description).toContain('moderate_content');
    expect(create.responses['201']).toBeDefined();
    // Every role that sees an entity may moderate it: no 403 to document (common's implicitErrors).
    expect(create.responses['403']).toBeUndefined();
    expect(doc.paths['/api/entities/{id}'].put.responses['403'].description).toContain('forbidden');
    expect(create.responses['404'].description).toContain('not_found');
    expect(create.responses['400'].description).toContain('validation_failed');
    const body = create.requestBody.content['application/json'].schema;
    expect(body.properties.date.description).toContain('start');
    expect(body.properties.start.description).toContain('date');
  });

  it('has unique operation ids and only references that resolve', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, Operation>).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const refs = refsIn(doc);
    for (const ref of refs) expect(resolvePointer(doc, ref), ref).toBeDefined();
  });
});
