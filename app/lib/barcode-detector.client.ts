/**
 * A barcode detector for the pick page's camera (decision 042): the browser's own `BarcodeDetector`
 * where it reads EAN-13, else the `barcode-detector` ponyfill (ZXing compiled to WebAssembly), its
 * module and its .wasm served from our own assets. Only ever loaded by a dynamic import from the pick
 * page's scan button, so neither enters another page's bundle; `.client`: nor the Worker's (the
 * server build replaces it with an empty module).
 */
const FORMATS = ["ean_13", "upc_a"];

export interface Detector {
  detect(source: CanvasImageSource | ImageData | Blob): Promise<{ rawValue: string; format: string }[]>;
}

type DetectorClass = (new (options: { formats: string[] }) => Detector) & { getSupportedFormats?: () => Promise<string[]> };

export async function createBarcodeDetector(): Promise<{ detector: Detector; polyfill: boolean }> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats = native ? await native.getSupportedFormats?.().catch(() => [] as string[]) : [];
  if (native && formats?.includes("ean_13")) return { detector: new native({ formats: FORMATS }), polyfill: false };
  const [{ BarcodeDetector, setZXingModuleOverrides }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  // Our copy of the .wasm, not the ponyfill's default CDN (the CSP allows only our origin).
  setZXingModuleOverrides({ locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) });
  return { detector: new BarcodeDetector({ formats: FORMATS as never }) as Detector, polyfill: true };
}
