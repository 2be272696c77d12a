/** The invoice worker's fonts, bundled by wrangler as Data modules (wrangler.toml [[rules]]). */
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
