/**
 * Focus follows navigation: after a route change the page's h1 receives focus, so screen-reader
 * and keyboard users start at the new content. A lazily loaded page may mount after the
 * navigation has committed, so the request is kept until its heading mounts.
 */
let isHeadingFocusPending = false;

export function focusPageHeading(container: HTMLElement | null): void {
  const heading = container?.querySelector<HTMLElement>('h1');
  if (heading) {
    isHeadingFocusPending = false;
    heading.focus({ preventScroll: false });
  } else {
    isHeadingFocusPending = true;
  }
}

export function takePendingHeadingFocus(): boolean {
  const pending = isHeadingFocusPending;
  isHeadingFocusPending = false;
  return pending;
}
