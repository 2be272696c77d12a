/** The invoice worker's fonts, bundled by wrangler as Data modules (wrangler.toml [[rules]]). */
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

/** HarfBuzz's WebAssembly, bundled by wrangler as a compiled module. */
declare module "harfbuzzjs/dist/harfbuzz.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
