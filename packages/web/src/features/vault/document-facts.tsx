import { formatAthensDate, formatAthensDateTime } from '@dilosi/domain';
import type { ReactNode } from 'react';

/** A short list of label and value pairs (a document's state, dates, code…). */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="dilosi-vault-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="dilosi-vault-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** DD/MM/YYYY HH:mm:ss, Athens time (spec section 9), or a dash. */
export const dateTime = (iso: string | null | undefined) =>
  iso ? formatAthensDateTime(new Date(iso)) : '—';
/** DD/MM/YYYY, Athens time, or a dash. */
export const date = (iso: string | null | undefined) =>
  iso ? formatAthensDate(new Date(iso)) : '—';
