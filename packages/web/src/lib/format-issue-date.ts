import { formatAthensDate, formatAthensDateTime } from '@dilosi/domain';

/** DD/MM/YYYY HH:mm:ss in Athens time (spec section 9) of an API timestamp; as given if unreadable. */
export function formatIssueDate(iso: string, { withTime = true } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return withTime ? formatAthensDateTime(date) : formatAthensDate(date);
}
