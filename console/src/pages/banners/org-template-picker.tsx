import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client';
import type { Content, ContentSlot } from '../../api/content.api';
import { contentQuery } from '../../api/queries';
import { queryClient } from '../../api/query-client';
import { AssetImg } from '../../components/asset-img';
import { Alert, Spinner } from '../../components/card';

/** "Organization templates": banners saved with isTemplate on this entity or above it. */
export function OrgTemplatePicker({
  entityId,
  slot,
  onPick,
}: {
  entityId: number;
  slot: ContentSlot;
  onPick: (content: Content) => void;
}) {
  const { t } = useTranslation('banners');
  const query = useQuery(contentQuery(entityId, slot, true), queryClient);
  const list = query.data ?? null;
  const failed = query.isError;
  if (failed) return <Alert kind="error">{t('errors.templates')}</Alert>;
  if (!list) return <Spinner size={40} />;
  if (!list.length)
    return (
      <div className="py-6 text-center">
        <p className="font-medium text-slate-800">{t('noTemplates')}</p>
        <p className="text-sm text-slate-600">{t('noTemplatesText')}</p>
      </div>
    );
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {list.map((c) => (
        <button
          key={c.id}
          type="button"
          onClick={() => onPick(c)}
          className="overflow-hidden rounded border border-slate-200 hover:border-primary-600"
        >
          {c.asset ? (
            <AssetImg
              path={c.asset.croppedUrl}
              alt={t('templateTag')}
              className="aspect-square w-full object-cover"
            />
          ) : (
            <img
              src={c.templateId ? `${API_BASE}/templates/${c.templateId}/image` : ''}
              alt={t('templateTag')}
              className="aspect-square w-full object-cover"
            />
          )}
        </button>
      ))}
    </div>
  );
}
