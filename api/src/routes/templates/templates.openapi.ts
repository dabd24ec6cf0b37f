import { TEMPLATE_CATEGORIES, TEMPLATE_FILTERS } from '@oppslag/common';
import { z } from 'zod';
import { registerPaths } from '../../openapi/registry';

const templateSchema = z.object({
  id: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  fontColor: z.string(),
  name: z.object({ en: z.string(), no: z.string() }),
  imageUrl: z.string().meta({ description: 'Path under the API base, versioned by the artwork’s hash' }),
});

registerPaths([
  {
    method: 'get',
    path: '/api/templates',
    summary: 'The built-in banner templates (public)',
    tags: ['templates'],
    auth: false,
    query: z.object({ category: z.enum(TEMPLATE_FILTERS).optional() }),
    responses: {
      200: z.object({ categories: z.array(z.enum(TEMPLATE_FILTERS)), templates: z.array(templateSchema) }),
      400: 'Unknown category',
    },
  },
  {
    method: 'get',
    path: '/api/templates/{templateId}/image',
    summary: 'A built-in template’s artwork (image/svg+xml, cacheable for a year)',
    tags: ['templates'],
    auth: false,
    params: z.object({ templateId: z.string() }),
    responses: { 200: z.string().meta({ description: 'SVG document' }), 404: 'No such template' },
  },
]);
