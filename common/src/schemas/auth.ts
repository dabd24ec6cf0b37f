import { z } from 'zod';
import { passwordProblem } from '../common-passwords';
import { emailSchema, passwordIssue, passwordSchema } from './user';

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password must be a string' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export const loginResponseSchema = z.object({ token: z.string() });

export const installSchema = z
  .strictObject({
    adminEmail: emailSchema,
    adminPassword: passwordSchema,
    rootEntity: z
      .string({ error: 'Root entity must be a string' })
      .trim()
      .min(3, 'Root entity has to be at least 3 characters long')
      .max(255, 'Root entity cannot be more than 255 characters long'),
    /** Printed by the server at start while uninstalled; needed when installing from another machine. */
    installToken: z
      .string({ error: 'Install token must be a string' })
      .trim()
      .max(200, 'Install token is too long')
      .optional(),
  })
  // The superadmin's password must not be built from their address or the organization's name.
  .superRefine((v, ctx) => {
    // Only a password the field itself accepts (zod runs this even when a field failed).
    if (!passwordSchema.safeParse(v.adminPassword).success) return;
    const problem = passwordProblem(v.adminPassword, { email: v.adminEmail, names: [v.rootEntity] });
    if (problem) ctx.addIssue({ ...passwordIssue(problem), path: ['adminPassword'] });
  });

/**
 * `status` is the fixed interface; the console also reads the per-environment support address,
 * SMS number, feature set and whether this is production from here (login help line, general tab) instead of a build setting.
 */
export const statusSchema = z.object({
  status: z.enum(['uninstalled', 'online']),
  /** The server's release (semver, the root package.json's version); the console's about box shows it. */
  version: z.string(),
  supportEmail: z.string().optional(),
  smsNumber: z.string().optional(),
  featureSet: z.string().optional(),
  /** False outside production: the console then shows its development toolbar. */
  production: z.boolean().optional(),
});
export type StatusResponse = z.infer<typeof statusSchema>;

export const resetPasswordSchema = z.strictObject({ email: emailSchema });
export const resetPasswordConfirmSchema = z.strictObject({
  token: z
    .string({ error: 'Token must be a string' })
    .min(16, 'Token is too short')
    .max(256, 'Token is too long'),
  newPassword: passwordSchema,
});

export const PASSWORD_MISMATCH_MESSAGE = 'Passwords does not match. Please try again.';
export const changePasswordSchema = z
  .strictObject({
    password: z
      .string({ error: 'Current password must be a string' })
      .min(1, 'Current password is required')
      .max(1024, 'Current password is too long'),
    newPassword: passwordSchema,
    // Required on its own, so an empty confirmation is told even while the new password is refused.
    confirmNewPassword: z
      .string({ error: 'Password confirmation must be a string' })
      .min(1, 'Confirm the new password')
      .max(1024),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmNewPassword'],
    // The spec's own code for this answer (the route mount answers with it), and the field's code.
    params: { code: 'password_mismatch', fieldCode: 'mismatch' },
  });

/** The user claims carried in a console JWT (`user` holds email and id per spec §3). */
export const tokenUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable().optional(),
  admin: z.boolean(),
  language: z.string().optional(),
});
export type TokenUser = z.infer<typeof tokenUserSchema>;

export const adminDisplaysUpdateSchema = z.strictObject({
  entities: z.union([z.literal('all'), z.array(z.number().int().positive()).min(1).max(10000)]),
});
