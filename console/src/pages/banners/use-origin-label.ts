import { useTranslation } from 'react-i18next';
import type { Content } from '../../api/content.api';
import { useEntities } from '../../state/entities';
import { entityName } from '../../state/entities.reducer';

/**
 * How an inherited banner names where it comes from: master content says so, an ancestor's banner
 * names that entity ("Arvet fra Solsiden borettslag") so a board knows whom to ask or where to edit.
 */
export function useOriginLabel(): (item: Pick<Content, 'master' | 'entityId'>) => string {
  const { t } = useTranslation('banners');
  const { byId } = useEntities();
  return (item) => {
    if (item.master) return t('master');
    const name = item.entityId !== undefined ? entityName(byId, item.entityId) : undefined;
    return name ? t('inheritedFrom', { name }) : t('inherited');
  };
}
