import { type AppDeps, entities } from '@oppslag/api/core';
import { alertText, type OutboxEvent } from '@oppslag/common';
import { eq } from 'drizzle-orm';
import type { SmsProvider } from '../sms/providers/index';
import { notifyChainMembers } from './notify-members';

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

/** Side effect of `alert.raised`: the SMS-notification members of the alert's chain get one SMS each. */
export async function notifyAlert(deps: AppDeps, provider: SmsProvider, event: OutboxEvent): Promise<number> {
  if (event.type !== 'alert.raised' || event.entityId === null) return 0;
  const [entity] = await deps.database.db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.id, event.entityId));
  if (!entity) return 0;
  const { alert } = event.data;
  return notifyChainMembers(deps, provider, event.entityId, `alert:${alert.id}`, (language) =>
    alertSms(language, entity.name, alert),
  );
}
