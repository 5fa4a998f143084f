/** Milliseconds in a day (retention, limits, windows). */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

const athensFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Athens',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export type AthensParts = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
};

/** The wall-clock fields in Greece at an instant, zero-padded, whatever the machine's zone. */
export function athensParts(at: Date): AthensParts {
  const parts = athensFormat.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** DD/MM/YYYY HH:mm:ss in Greek time (spec section 9): PDFs, e-mails, lists and pages. */
export function formatAthensDateTime(at: Date): string {
  const { day, month, year, hour, minute, second } = athensParts(at);
  return `${day}/${month}/${year} ${hour}:${minute}:${second}`;
}

/** DD/MM/YYYY in Greek time. */
export function formatAthensDate(at: Date): string {
  const { day, month, year } = athensParts(at);
  return `${day}/${month}/${year}`;
}

/** The year in Greece at an instant (case numbers YYYY/NNNNNN). */
export function athensYear(at: Date): number {
  return Number(athensParts(at).year);
}
