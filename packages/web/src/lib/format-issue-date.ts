/** DD/MM/YYYY HH:mm:ss in Athens time (spec section 9), whatever the browser's zone and locale. */
const ATHENS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Athens',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatIssueDate(iso: string, { withTime = true } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    ATHENS.formatToParts(date).find((entry) => entry.type === type)?.value ?? '';
  const day = `${part('day')}/${part('month')}/${part('year')}`;
  return withTime ? `${day} ${part('hour')}:${part('minute')}:${part('second')}` : day;
}
