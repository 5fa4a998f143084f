import { ageOf, formatAthensDateTime } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';

/**
 * How long ago, as the spec's age labels say it ("3 days ago"), in a <time> whose title and
 * datetime carry the exact moment (Athens time), for a tooltip and for assistive technology.
 */
export function AgeLabel({ since, now = new Date() }: { since: string; now?: Date }) {
  const { t } = useTranslation('ui');
  const date = new Date(since);
  const age = ageOf(date, now);
  const text = age.unit === 'now' ? t('age.now') : t(`age.${age.unit}`, { count: age.count });
  const exact = Number.isNaN(date.getTime()) ? undefined : formatAthensDateTime(date);
  return (
    <time dateTime={since} title={exact}>
      {text}
    </time>
  );
}
