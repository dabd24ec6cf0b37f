import { useTranslation } from 'react-i18next';
import { useCan } from '../../state/permissions';
import { BannerEditor } from '../banners/banner-editor';
import { useEntity } from '../entity/entity-frame';

/** /entities/:id/templates: the organization's banner templates (banners with isTemplate). */
export default function TemplatesPage() {
  const { t } = useTranslation('banners');
  const entity = useEntity();
  const editable = useCan(entity.id, 'moderate_content');
  return (
    <BannerEditor
      entityId={entity.id}
      slot="banner"
      title={t('titles.templates')}
      templates
      editable={editable}
    />
  );
}
