import { z } from 'zod';
import { defineRoute, pathId } from './define-route';

const idParams = z.object({ id: pathId('Entity') });

const tags = ['privacy'];

/** A phone number in the path, E.164 (`+4791234567`): the form a resident's request names it in. */
export const e164ParamsSchema = z.object({
  e164: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Phone number must be in E.164 form, e.g. +4791234567'),
});

const stamp = z.union([z.string(), z.date()]).nullable();
/** Everything stored about one number (docs/privacy.md lists where each part comes from). */
export const phoneReportSchema = z.object({
  number: z.string(),
  inbound: z.array(
    z.object({
      id: z.number(),
      receivedAt: stamp,
      to: z.string().nullable(),
      text: z.string(),
      status: z.string(),
      entityId: z.number().nullable(),
      noteId: z.number().nullable(),
    }),
  ),
  outbound: z.array(
    z.object({
      id: z.number(),
      createdAt: stamp,
      kind: z.string(),
      text: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      entityId: z.number().nullable(),
      sentAt: stamp,
    }),
  ),
  notesFromSms: z.array(
    z.object({ id: z.number(), entityId: z.number(), text: z.string(), approved: z.boolean() }),
  ),
  stop: z.object({ optedOutAt: stamp }).nullable(),
  accounts: z.array(z.object({ id: z.number(), email: z.string(), name: z.string().nullable() })),
  autoApproveNumbers: z.array(z.object({ id: z.number(), entityId: z.number(), description: z.string() })),
  approvalCodes: z.array(z.object({ id: z.number(), noteId: z.number(), createdAt: stamp })),
});

/** A number on an organization's STOP list: masked, with an opaque reference to lift it by. */
export const smsOptOutSchema = z.object({
  ref: z.string(),
  number: z.string(),
  optedOutAt: z.string(),
});
export type SmsOptOut = z.infer<typeof smsOptOutSchema>;
const optOutParams = idParams.extend({ ref: z.string().min(1).max(128) });

/** A resident's requests about their phone number (GDPR articles 15 and 17): superadmin only. */
export const privacyContract = {
  phoneReport: defineRoute({
    method: 'get',
    path: '/privacy/phone/{e164}',
    params: e164ParamsSchema,
    response: phoneReportSchema,
    errors: [],
    auth: 'superadmin',
    summary: 'Everything stored about a phone number, as JSON (recorded in the history)',
    tags,
  }),
  phoneErase: defineRoute({
    method: 'delete',
    path: '/privacy/phone/{e164}',
    params: e164ParamsSchema,
    response: z.object({
      erased: z.literal(true),
      inbound: z.number(),
      outbound: z.number(),
      stopKept: z.boolean(),
    }),
    errors: [],
    auth: 'superadmin',
    summary: 'Erase a phone number: its SMS lose number and text; STOP stays as a one-way hash',
    tags,
  }),
  optOuts: defineRoute({
    method: 'get',
    path: '/entities/{id}/sms-opt-outs',
    params: idParams,
    response: z.array(smsOptOutSchema),
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: "Numbers that sent STOP to the entity's organization (masked), for its board",
    tags,
  }),
  liftOptOut: defineRoute({
    method: 'delete',
    path: '/entities/{id}/sms-opt-outs/{ref}',
    params: optOutParams,
    response: z.object({ lifted: z.literal(true) }),
    errors: [],
    auth: 'user',
    permission: 'edit_entity',
    summary: 'Lift a STOP: the number gets replies again (recorded in the history)',
    tags,
  }),
};
