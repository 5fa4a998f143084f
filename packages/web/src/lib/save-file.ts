/**
 * Hands a file the app fetched (with the session: a plain link would not carry it) to the browser
 * to save under `filename`. The object address is let go once the download has started.
 */
export function saveFile(file: Blob, filename: string): void {
  const href = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
