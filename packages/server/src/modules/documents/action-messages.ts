import elActions from '@dilosi/domain/i18n/el/actions.json' with { type: 'json' };
import enActions from '@dilosi/domain/i18n/en/actions.json' with { type: 'json' };
import frActions from '@dilosi/domain/i18n/fr/actions.json' with { type: 'json' };
import type { Locale } from '@dilosi/domain';
import { registerCatalog, translate } from '../../lib/i18n';

// The success texts of document actions (spec section 8, success messages), in the shared catalogs.
registerCatalog('actions', { el: elActions, en: enActions, fr: frActions });

export type ActionMessageKey = keyof typeof elActions;

export function actionMessage(
  locale: Locale,
  key: ActionMessageKey,
  params: Record<string, unknown> = {},
): string {
  return translate(locale, 'actions', key, params);
}
