import type { SmsMessage } from '@oppslag/common';
import type { smsMessages } from '../db/schema/index';
/** An inbound message for the superadmin: what arrived and what became of it (not the raw payload). */
export declare function presentSmsMessage(row: typeof smsMessages.$inferSelect): SmsMessage;
