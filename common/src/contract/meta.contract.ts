import { z } from 'zod';
import { defineRoute } from './define-route';

/** The API describing itself. */
export const metaContract = {
  openapi: defineRoute({
    method: 'get',
    path: '/openapi.json',
    response: z.record(z.string(), z.unknown()).meta({ description: 'OpenAPI 3.1 document' }),
    errors: [],
    auth: 'public',
    summary: 'This OpenAPI 3.1 document',
    tags: ['meta'],
  }),
};
