import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Mends a hang in @fastify/busboy (3.2.6 and every 3.x we tried; its Dicer part parser), found by
 * the fuzz walk: a multipart part that busboy skips (no Content-Disposition, not form-data, a bare
 * line break in its name or file name) whose body reaches busboy in one chunk larger than the
 * part's high-water mark (16 KiB; a socket read is up to 64 KiB) leaves Dicer paused on its
 * write callback. When that part ends after the closing boundary, Dicer emits its own 'finish'
 * without releasing the callback, so the request's data never finishes flowing, busboy never
 * ends and `request.parts()` waits for ever: the request hangs instead of answering 400.
 *
 * The mend releases the held write when Dicer finishes for real (the only moment the bug bites),
 * exactly as its part-end handler does when the form is not yet finished. Loaded once, beside
 * @fastify/multipart, from the same busboy copy multipart itself loads.
 */
type DicerLike = {
  _realFinish?: boolean;
  _pause?: boolean;
  _unpause?: () => void;
};

let mended = false;

export function mendBusboySkippedPartHang(): void {
  if (mended) return;
  mended = true;
  const fromMultipart = createRequire(createRequire(import.meta.url).resolve('@fastify/multipart'));
  const busboyMain = fromMultipart.resolve('@fastify/busboy');
  const Dicer = createRequire(busboyMain)(
    path.join(path.dirname(busboyMain), 'deps/dicer/lib/Dicer.js'),
  ) as { prototype: { emit: (this: DicerLike, event: string, ...args: unknown[]) => boolean } };
  const emit = Dicer.prototype.emit;
  if (typeof emit !== 'function') throw new Error('@fastify/busboy: Dicer not where expected');
  Dicer.prototype.emit = function (this: DicerLike, event: string, ...args: unknown[]) {
    if (event === 'finish' && this._realFinish && this._pause && this._unpause) this._unpause();
    return emit.call(this, event, ...args);
  };
}
