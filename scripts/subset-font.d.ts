/** subset-font ships no types; the one call scripts/subset-invoice-fonts.ts makes. */
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype"; noHinting?: boolean; dropTables?: string[] },
  ): Promise<Buffer>;
}
