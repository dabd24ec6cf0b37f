import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_FILTERS } from '../templates';
import { defineRoute } from './define-route';

export const templateSchema = z.object({
  id: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  fontColor: z.string(),
  name: z.object({ en: z.string(), no: z.string() }),
  imageUrl: z.string().meta({ description: 'Path under the API base, versioned by the artwork’s hash' }),
});
export type Template = z.infer<typeof templateSchema>;

const tags = ['templates'];

/** The built-in banner templates and their artwork; both public (displays load the art from <img>). */
export const templatesContract = {
  list: defineRoute({
    method: 'get',
    path: '/templates',
    query: z.object({
      category: z
        .enum(TEMPLATE_FILTERS, { error: `Category must be one of ${TEMPLATE_FILTERS.join(', ')}` })
        .default('all'),
    }),
    response: z.object({ categories: z.array(z.enum(TEMPLATE_FILTERS)), templates: z.array(templateSchema) }),
    errors: [],
    auth: 'public',
    summary: 'The built-in banner templates',
    tags,
  }),
  image: defineRoute({
    method: 'get',
    path: '/templates/{templateId}/image',
    params: z.object({ templateId: z.string() }),
    response: z
      .custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array)
      .meta({ override: { type: 'string', format: 'binary' } }),
    produces: 'image/svg+xml',
    errors: [],
    auth: 'public',
    summary: 'A built-in template’s artwork (cacheable for a year)',
    tags,
  }),
};
