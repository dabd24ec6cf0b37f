import { alertText } from '@oppslag/common';
import type { Tx } from '../db/client';
import { getAncestry } from './access.service';
import {
  type QueueSmsResult,
  queueSmsBatch,
  type SmsOutboundKind,
  smsNotificationMembers,
  smsScopeOf,
} from './sms-outbound.service';

/**
 * The operational SMS to board members about an entity (an alert raised, a screen dark or back):
 * one outbound row per SMS-notification member of the entity's chain (the approval requests' rule:
 * at most two, closest first), in the member's language, recorded in the transaction of the cause
 * and sent by `sms/send` like every other SMS, so STOP, the member's daily limit and the
 * organization's budget apply and a redelivered job sends nothing twice (`{key}:{userId}`).
 *
 * Call it BEFORE the cause records its own event: `queueSmsBatch` takes the cap locks, and they
 * come before any entity sequence row (`takeSmsLocks`, domain/sms/locks.ts).
 */
export async function queueMemberSms(
  tx: Tx,
  input: { entityId: number; key: string; kind: Extract<SmsOutboundKind, 'alert' | 'dark_screen'> },
  text: (language: string) => string,
  now: Date,
): Promise<QueueSmsResult[]> {
  const ancestry = await getAncestry(tx, input.entityId);
  if (!ancestry) return [];
  const scope = await smsScopeOf(tx, ancestry);
  const members = await smsNotificationMembers(tx, ancestry);
  return queueSmsBatch(
    tx,
    members.map((m) => ({
      key: `${input.key}:${m.userId}`,
      kind: input.kind,
      to: m.phone,
      text: text(m.language),
      scope,
    })),
    now,
  );
}

/** "AKUTTVARSEL Solbakken: Vannlekkasje – …" in the member's language (common's alertText). */
export function alertSms(
  language: string,
  entityName: string,
  alert: Parameters<typeof alertText>[0],
): string {
  const lang = language === 'en' ? 'en' : 'no';
  const { title, text } = alertText(alert, lang);
  const head = lang === 'en' ? 'ALERT' : 'AKUTTVARSEL';
  return `${head} ${entityName}: ${title}${text ? ` – ${text}` : ''}`;
}

/** A screen dark for 5 minutes, or back online, in the member's language. */
export function darkScreenSms(language: string, displayName: string, dark: boolean): string {
  if (language === 'en')
    return dark
      ? `Screen "${displayName}" has been dark (offline) for 5 minutes.`
      : `Screen "${displayName}" is back online.`;
  return dark
    ? `Skjermen «${displayName}» har vært mørk (frakoblet) i 5 minutter.`
    : `Skjermen «${displayName}» er tilbake på nett.`;
}
