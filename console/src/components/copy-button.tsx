import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../state/snackbar';
import { IconButton } from './button';
import { Icon } from './icons';

/** Copies a value and says so with the spec's clipboard messages. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showSnackbar('success', t('clipboard.copied'));
    } catch {
      showSnackbar('error', t('clipboard.failed'));
    }
  };
  return (
    <IconButton label={label ?? t('actions.copy')} onClick={copy}>
      <Icon name="content_copy" />
    </IconButton>
  );
}
