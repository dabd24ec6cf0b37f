import { z } from 'zod';
/** The error envelope every failing call answers with (ARCHITECTURE.md, fixed interfaces). */
export declare const errorBodySchema: z.ZodObject<
  {
    error: z.ZodObject<
      {
        code: z.ZodString;
        message: z.ZodString;
        details: z.ZodOptional<z.ZodUnknown>;
      },
      z.core.$strip
    >;
  },
  z.core.$strip
>;
