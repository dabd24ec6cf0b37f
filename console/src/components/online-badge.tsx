import { useTranslation } from 'react-i18next';
import type { Entity } from '../api/entities.api';

/** Display online status: offline means registered but not online; unregistered shows neither. */
export function OnlineBadge({ entity }: { entity: Pick<Entity, 'onlineStatus' | 'registered'> }) {
  const { t } = useTranslation();
  if (entity.onlineStatus) return <Badge kind="online">{t('display.online')}</Badge>;
  if (entity.registered) return <Badge kind="offline">{t('display.offline')}</Badge>;
  return null;
}

function Badge({ kind, children }: { kind: 'online' | 'offline'; children: string }) {
  return (
    <span
      data-status={kind}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${kind === 'online' ? 'bg-primary-50 text-primary-800' : 'bg-slate-200 text-slate-700'}`}
    >
      <span
        className={`size-2 rounded-full ${kind === 'online' ? 'bg-primary-500' : 'bg-slate-500'}`}
        aria-hidden="true"
      />
      {children}
    </span>
  );
}
