/** The one clock of the server: tests move time with setClock() instead of sleeping. */
let offsetMs = 0;
let frozen: number | null = null;

export function now(): Date {
  return new Date(frozen ?? Date.now() + offsetMs);
}

export const clock = {
  advance(ms: number): void {
    if (frozen !== null) frozen += ms;
    else offsetMs += ms;
  },
  freeze(at: Date): void {
    frozen = at.getTime();
  },
  reset(): void {
    offsetMs = 0;
    frozen = null;
  },
};
