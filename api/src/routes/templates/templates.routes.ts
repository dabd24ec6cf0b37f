import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import {
  BUILT_IN_TEMPLATES,
  findBuiltInTemplate,
  TEMPLATE_FILTERS,
  templatesContract,
  templatesIn,
} from '@oppslag/common';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { mountContract } from '../../http/define-handler';
import type { DisplayState } from '../../middleware/display-auth';

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
export function templatesRoutes(deps: AppDeps): Router<DisplayState> {
  const router = new Router<DisplayState>();
  const art = loadArtwork();
  mountContract(router, deps, templatesContract, {
    list: ({ query }) => ({
      categories: [...TEMPLATE_FILTERS],
      templates: templatesIn(query.category).map((t) => ({
        ...t,
        imageUrl: `/templates/${t.id}/image?v=${art.get(t.id)?.version}`,
      })),
    }),
    image: ({ params, ctx }) => {
      const template = findBuiltInTemplate(params.templateId);
      const file = template && art.get(template.id);
      if (!file) throw notFound('Template');
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return file.svg;
    },
  });
  return router;
}
