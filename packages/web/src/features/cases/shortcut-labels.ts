import { useTranslation } from 'react-i18next';
import type { ShortcutsHelpLabels } from '../../ui/keyboard-shortcuts';

/** The shortcuts help's texts in the interface language. */
export function useShortcutLabels(): ShortcutsHelpLabels {
  const { t } = useTranslation('dashboard');
  return {
    title: t('shortcuts.title'),
    key: t('shortcuts.key'),
    action: t('shortcuts.action'),
    help: t('shortcuts.help'),
    toggle: t('shortcuts.toggle'),
    close: t('actions.close'),
  };
}
