import { canHaveChildren } from '@oppslag/common/constants.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Icon } from '../../../components/icons';
import { useCan } from '../../../state/permissions';
import { NewEntityDialog } from '../../entities/new-entity-dialog';
import { useEntity } from '../entity-frame';
import { ChildList } from './child-list';

export default function ChildrenTab() {
  const { t } = useTranslation('entity');
  const entity = useEntity();
  // A display has no children: its tab is hidden, and reached by its address offers no "add" either.
  const mayCreate = useCan(entity.id, 'create_entity') && canHaveChildren(entity.type);
  const [open, setOpen] = useState(false);
  return (
    <Card
      title={t('children.title')}
      actions={
        mayCreate && (
          <Button onClick={() => setOpen(true)}>
            <Icon name="add" className="size-4" /> {t('children.add')}
          </Button>
        )
      }
    >
      <ChildList entity={entity} />
      <NewEntityDialog open={open} parentId={entity.id} onClose={() => setOpen(false)} />
    </Card>
  );
}
