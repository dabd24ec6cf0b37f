import { z } from 'zod';
import { PASSWORD_PROBLEM_MESSAGES, type PasswordProblem, passwordProblem } from '../common-passwords';
import { LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, ROLES } from '../constants';
import { withFieldCode } from '../errors';

export const emailSchema = z
  .string({ error: 'Email must be a string' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Email must be a valid e-mail address' }));
export const passwordSchema = z
  .string({ error: 'Password must be a string' })
  .min(PASSWORD_MIN, `Password has to be at least ${PASSWORD_MIN} characters long`)
  .max(PASSWORD_MAX, `Password cannot be more than ${PASSWORD_MAX} characters long`)
  // ASVS V6.2.4: length alone lets `password`, `12345678` and `aaaaaaaa` through. The context
  // (e-mail, organizations) is checked where it is known: `passwordContextIssue` below.
  .superRefine((p, ctx) => {
    // A length outside the limits is its own answer (and zxcvbn should not read 100 KB).
    if (p.length < PASSWORD_MIN || p.length > PASSWORD_MAX) return;
    const problem = passwordProblem(p);
    if (problem) ctx.addIssue(passwordIssue(problem));
  });

/** The zod issue for a refused password (its field code is the reason; the console translates it). */
export const passwordIssue = (problem: PasswordProblem) => ({
  code: 'custom' as const,
  message: PASSWORD_PROBLEM_MESSAGES[problem],
  ...withFieldCode(problem),
});
export const roleSchema = z.enum(ROLES, { error: 'Role must be one of owner, administrator, moderator' });
export const languageSchema = z.enum(LANGUAGES, { error: 'Language must be one of no, en' });

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /**
   * The member confirmed `phoneNumber` with the SMS code (issue 28 item 5): only then does it count
   * for JA/NEI, auto-approval and member SMS. Always sent by this API.
   */
  phoneVerified: z.boolean().optional(),
  language: languageSchema,
  admin: z.boolean(),
  permissions: z.array(z.object({ entityId: z.number().int(), role: roleSchema })).optional(),
});
export type User = z.infer<typeof userSchema>;

/** Profile update: phone numbers are validated per country server-side (default NO). */
export const updateUserSchema = z.strictObject({
  id: z.number().int().optional(),
  email: emailSchema.optional(),
  name: z.string().trim().max(255).nullable().optional(),
  phoneNumber: z.string().trim().max(40).nullable().optional(),
  phoneCountry: z.string().length(2).optional(),
  language: languageSchema.optional(),
  admin: z.boolean().optional(),
  /** Needed when users change their own e-mail address (ASVS V6.3.7). */
  currentPassword: z.string().max(PASSWORD_MAX).optional(),
});

export const memberSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  autoApprove: z.boolean(),
  smsNotifications: z.boolean(),
  /** The entity the permission is granted on; differs from the viewed entity for inherited rows. */
  entityId: z.number().int(),
  inherited: z.boolean(),
  inheritedFromName: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const addMembersSchema = z
  .array(z.strictObject({ email: emailSchema, role: roleSchema }))
  .min(1, 'At least one member is required')
  .max(100);

export const memberPermissionsSchema = z
  .strictObject({ autoApprove: z.boolean().optional(), smsNotifications: z.boolean().optional() })
  .refine((v) => v.autoApprove !== undefined || v.smsNotifications !== undefined, {
    message: 'Give autoApprove and/or smsNotifications',
  });

/** `POST /api/account/phone/verify`: the 6-digit code of the SMS sent to the member's number. */
export const verifyPhoneSchema = z.strictObject({
  code: z
    .string({ error: 'Code must be a string' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code has 6 digits' }),
});
