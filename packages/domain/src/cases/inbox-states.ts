import { CASE_STATUSES, type CaseStatus } from '../state-machines/machines';

/** One choice of the set-status list: the status, and the label the configuration gives it. */
export type InboxStateOption = { status: CaseStatus; label: string | null };

const isCaseStatus = (value: string): value is CaseStatus =>
  (CASE_STATUSES as readonly string[]).includes(value);

/**
 * The set-status list as INBOX_STATES configures it (spec section 9; issue #39): each entry is
 * a case status, `status` or `status:Label`, listed in that order with its label (null: the
 * translated name). Unknown statuses and repeats are ignored; when no entry names a status (the
 * default `A,B,C`), every status is offered with its translated name.
 */
export function inboxStateOptions(entries: readonly string[]): InboxStateOption[] {
  const options: InboxStateOption[] = [];
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const status = (at < 0 ? entry : entry.slice(0, at)).trim();
    const label = at < 0 ? '' : entry.slice(at + 1).trim();
    if (!isCaseStatus(status) || options.some((o) => o.status === status)) continue;
    options.push({ status, label: label || null });
  }
  return options.length > 0 ? options : CASE_STATUSES.map((status) => ({ status, label: null }));
}
