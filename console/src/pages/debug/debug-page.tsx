import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Card } from '../../components/card';
import { apiUrl, displayUrl } from '../../lib/server-info';
import { useEntities } from '../../state/entities';
import { connectivityAtom, installStatusAtom, tokenUserAtom } from '../../state/session';

/** /debug and /debug/prop/{someProp}: what the console currently believes, for support. */
export default function DebugPage() {
  const { t, i18n } = useTranslation();
  const { someProp } = useParams();
  const user = useAtomValue(tokenUserAtom);
  const entities = useEntities();
  const connectivity = useAtomValue(connectivityAtom);
  const install = useAtomValue(installStatusAtom);
  const facts: Record<string, unknown> = {
    apiUrl: apiUrl(),
    displayUrl: displayUrl(),
    language: i18n.language,
    install,
    connectivity,
    user: user ? { id: user.id, email: user.email, admin: user.admin } : null,
    entities: Object.keys(entities.byId).length,
    build: import.meta.env.MODE,
  };
  return (
    <Card title={t('debug.title')}>
      {someProp && (
        <p className="mb-3 text-sm">
          {t('debug.prop')}: <code className="rounded bg-slate-100 px-1">{someProp}</code>
        </p>
      )}
      <pre className="overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
        {JSON.stringify(someProp ? { [someProp]: facts[someProp] ?? null } : facts, null, 2)}
      </pre>
    </Card>
  );
}
