import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import {
  BUILT_IN_TEMPLATES,
  findBuiltInTemplate,
  TEMPLATE_FILTERS,
  type TemplateFilter,
  templatesIn,
} from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import type { ApiState } from '../../middleware/auth';
import './templates.openapi';

const ART_DIR = fileURLToPath(new URL('../../../assets/templates/', import.meta.url));

interface TemplateArt {
  svg: Buffer;
  /** Content hash: the image URL changes with the artwork, so it can be cached forever. */
  version: string;
}

/** Reads every template's artwork once; the catalogue is the whitelist, so no path comes from a request. */
function loadArtwork(): Map<string, TemplateArt> {
  const art = new Map<string, TemplateArt>();
  for (const template of BUILT_IN_TEMPLATES) {
    const svg = readFileSync(`${ART_DIR}${template.id}.svg`);
    art.set(template.id, { svg, version: createHash('sha256').update(svg).digest('hex').slice(0, 12) });
  }
  return art;
}

/**
 * `/api/templates`: the built-in banner templates and their artwork. Both are public: the artwork
 * is the product's own static files, and displays draw template banners over it from <img> tags.
 */
// The catalogue is static, so this router needs none of the app's dependencies; it keeps the
// common (deps) => Router signature of every resource router.
export function templatesRoutes(_deps: AppDeps): Router<ApiState> {
  const router = new Router<ApiState>({ prefix: '/templates' });
  const art = loadArtwork();

  router.get('/', (ctx) => {
    const raw = typeof ctx.query.category === 'string' ? ctx.query.category : 'all';
    if (!(TEMPLATE_FILTERS as readonly string[]).includes(raw)) {
      throw badRequest(`Category must be one of ${TEMPLATE_FILTERS.join(', ')}`);
    }
    const filter = raw as TemplateFilter;
    ctx.body = {
      categories: TEMPLATE_FILTERS,
      templates: templatesIn(filter).map((t) => ({
        ...t,
        imageUrl: `/templates/${t.id}/image?v=${art.get(t.id)?.version}`,
      })),
    };
  });

  router.get('/:templateId/image', (ctx) => {
    const template = findBuiltInTemplate(ctx.params.templateId);
    const file = template && art.get(template.id);
    if (!file) throw notFound('Template');
    ctx.set('Content-Type', 'image/svg+xml');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.body = file.svg;
  });

  return router;
}
