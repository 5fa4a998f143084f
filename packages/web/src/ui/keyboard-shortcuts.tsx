import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { ModalDialog } from './modal-dialog';

/** One single-key shortcut: the key as KeyboardEvent.key gives it, what it does, and its label. */
export type Shortcut = {
  key: string;
  label: string;
  run: () => void;
  /**
   * The id of the button that does the same: the shortcut moves the focus there first, so a
   * dialog it opens gives the focus back to that button when it closes, not to the page's body.
   */
  controlId?: string;
};

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readEnabled = () => readStorage(STORAGE_KEYS.shortcuts) !== 'off';

/** Whether single-key shortcuts are on (a person can turn them off: WCAG 2.1.4). */
export function useShortcutsEnabled(): [boolean, (on: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, readEnabled, () => true);
  const set = (on: boolean) => {
    writeStorage(STORAGE_KEYS.shortcuts, on ? 'on' : 'off');
    for (const listener of listeners) listener();
  };
  return [enabled, set];
}

/** Inputs that take no text: a key pressed on them is a shortcut (a row's checkbox, issue #33). */
const KEYLESS_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file'];

/** Typing goes to fields, never to shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement && KEYLESS_INPUTS.includes(target.type)) {
    return target.closest('dialog[open]') !== null;
  }
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('dialog[open]') !== null
  );
}

/**
 * Runs a shortcut on its key: only a bare key (no Ctrl, Alt or Meta, so the browser's and the
 * screen reader's own commands pass through), never while typing in a field or inside an open
 * dialog, and not at all when the person turned shortcuts off. `?` opens the help (onHelp).
 */
export function useKeyboardShortcuts(shortcuts: readonly Shortcut[], onHelp: () => void) {
  const [enabled] = useShortcutsEnabled();
  const latest = useRef({ shortcuts, onHelp });
  useEffect(() => {
    latest.current = { shortcuts, onHelp };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        latest.current.onHelp();
        return;
      }
      const shortcut = latest.current.shortcuts.find((s) => s.key === event.key);
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut.controlId) document.getElementById(shortcut.controlId)?.focus();
      shortcut.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

export type ShortcutsHelpLabels = {
  /** The button that opens the help, and the dialog's title. */
  title: string;
  key: string;
  action: string;
  help: string;
  toggle: string;
  close: string;
};

/**
 * The shortcuts' help: a button (also reached with `?`) opening a dialog that lists them and
 * holds the switch that turns them off.
 */
export function KeyboardShortcutsHelp({
  shortcuts,
  labels,
}: {
  shortcuts: readonly Shortcut[];
  labels: ShortcutsHelpLabels;
}) {
  const [open, setOpen] = useState(false);
  const [enabled, setEnabled] = useShortcutsEnabled();
  const button = useRef<HTMLButtonElement>(null);
  useKeyboardShortcuts(shortcuts, () => {
    // Opened by `?` with the focus nowhere: closing it brings the focus to the help button, not
    // to the top of the page (the dialog gives it back to what had it when it opened).
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) button.current?.focus();
    setOpen(true);
  });
  return (
    <>
      <button
        ref={button}
        type="button"
        className="govgr-link dilosi-shortcuts-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {labels.title}
      </button>
      <ModalDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={labels.title}
        closeLabel={labels.close}
      >
        <div className="govgr-checkboxes">
          <div className="govgr-checkboxes__item">
            <label className="govgr-label govgr-checkboxes__label">
              <input
                type="checkbox"
                className="govgr-checkboxes__input"
                checked={enabled}
                data-autofocus
                onChange={(event) => setEnabled(event.target.checked)}
              />
              {labels.toggle}
            </label>
          </div>
        </div>
        <table className="govgr-table govgr-table--dense">
          <thead className="govgr-table__head">
            <tr className="govgr-table__row">
              <th scope="col" className="govgr-table__header">
                {labels.key}
              </th>
              <th scope="col" className="govgr-table__header">
                {labels.action}
              </th>
            </tr>
          </thead>
          <tbody className="govgr-table__body">
            {[...shortcuts, { key: '?', label: labels.help }].map((shortcut) => (
              <tr key={shortcut.key} className="govgr-table__row">
                <td className="govgr-table__cell">
                  <kbd>{shortcut.key}</kbd>
                </td>
                <td className="govgr-table__cell">{shortcut.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ModalDialog>
    </>
  );
}
