/**
 * A QR reader for camera frames and images: the browser's own BarcodeDetector where it reads
 * QR codes, else the barcode-detector ponyfill (zxing-wasm), loaded only when needed. Its
 * WebAssembly file is bundled and served by us (Vite `?url`): no CDN is ever contacted.
 */
export type QrDetector = { detect(source: ImageBitmapSource): Promise<string[]> };

type NativeDetector = {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
};
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return { detect: async (source) => (await detector.detect(source)).map((c) => c.rawValue) };
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<QrDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
    fireImmediately: false,
  });
  const detector = new BarcodeDetector({ formats: ['qr_code'] });
  return { detect: async (source) => (await detector.detect(source)).map((c) => c.rawValue) };
}

let detector: Promise<QrDetector> | undefined;

export function loadQrDetector(): Promise<QrDetector> {
  detector ??= nativeDetector().then((native) => native ?? ponyfillDetector());
  detector.catch(() => (detector = undefined));
  return detector;
}
