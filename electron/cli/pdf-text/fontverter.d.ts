/** Font format conversion (WOFF and WOFF2 to TrueType), as the `fontverter` package gives it; it ships no types. */
declare module 'fontverter' {
  export function convert(font: Buffer, to: 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>
}
