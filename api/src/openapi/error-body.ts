import { z } from 'zod';

/** The error envelope every failing call answers with (ARCHITECTURE.md, fixed interfaces). */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'Error' });
