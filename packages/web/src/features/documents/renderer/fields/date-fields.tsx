import { useState } from 'react';
import { errorId, inputClassName } from '../../../../ui/form';
import { GroupShell } from '../form-primitives';
import type { FieldComponentProps } from '../types';
import { useDocumentsText, type DocumentsKey } from '../use-renderer-text';

type Part = 'day' | 'month' | 'year' | 'hour' | 'minute';
const WIDTH: Record<Part, string> = {
  day: 'govgr-input--width-2',
  month: 'govgr-input--width-2',
  year: 'govgr-input--width-4',
  hour: 'govgr-input--width-2',
  minute: 'govgr-input--width-2',
};

function splitValue(value: unknown, parts: readonly Part[]): Record<Part, string> {
  const text = typeof value === 'string' ? value : '';
  const match = /^(\d{0,2})\/(\d{0,2})\/(\d{0,4})(?: (\d{0,2}):(\d{0,2}))?$/.exec(text.trim());
  const [, day = '', month = '', year = '', hour = '', minute = ''] = match ?? [];
  const all = { day, month, year, hour, minute };
  return parts.includes('hour') ? all : { ...all, hour: '', minute: '' };
}

/** Day, month and year (and hour, minute) typed apart; the value is 'DD/MM/YYYY[ HH:mm]'. */
export function composeBlocks(parts: Record<Part, string>, hasTime: boolean): string {
  const values = hasTime
    ? [parts.day, parts.month, parts.year, parts.hour, parts.minute]
    : [parts.day, parts.month, parts.year];
  if (values.every((part) => part.trim() === '')) return '';
  const pad = (part: string) => (/^\d$/.test(part.trim()) ? `0${part.trim()}` : part.trim());
  const date = `${pad(parts.day)}/${pad(parts.month)}/${parts.year.trim()}`;
  return hasTime ? `${date} ${pad(parts.hour)}:${pad(parts.minute)}` : date;
}

function BlockDate(props: FieldComponentProps & { parts: readonly Part[] }) {
  const t = useDocumentsText();
  const { id, value, onChange, error, parts } = props;
  // What was typed is kept as typed ("5"); the composed value pads it ("05").
  const [typed, setTyped] = useState(() => splitValue(value, parts));
  const update = (part: Part, text: string) => {
    const next = { ...typed, [part]: text };
    setTyped(next);
    onChange(composeBlocks(next, parts.includes('hour')));
  };
  return (
    <GroupShell props={props}>
      <div className="govgr-date-input">
        {parts.map((part, index) => {
          const partId = index === 0 ? id : `${id}-${part}`;
          return (
            <div key={part} className="govgr-date-input__item">
              <div className="govgr-field">
                <label className="govgr-label" htmlFor={partId}>
                  {t(`date.${part}` as DocumentsKey)}
                </label>
                <input
                  id={partId}
                  className={inputClassName(`govgr-input ${WIDTH[part]}`, Boolean(error))}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={part === 'year' ? 4 : 2}
                  value={typed[part]}
                  aria-invalid={error ? true : undefined}
                  // The summary link lands on the first box: it names the error too.
                  aria-describedby={index === 0 && error ? errorId(id) : undefined}
                  onChange={(event) => update(part, event.target.value)}
                />
              </div>
            </div>
          );
        })}
      </div>
    </GroupShell>
  );
}

const DATE_PARTS: readonly Part[] = ['day', 'month', 'year'];
const DATETIME_PARTS: readonly Part[] = ['day', 'month', 'year', 'hour', 'minute'];

export function ThreeBlockDateField(props: FieldComponentProps) {
  return <BlockDate {...props} parts={DATE_PARTS} />;
}

export function FiveBlockDateField(props: FieldComponentProps) {
  return <BlockDate {...props} parts={DATETIME_PARTS} />;
}
