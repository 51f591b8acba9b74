/** HarfBuzz's subsetter and instancer, as the `subset-font` package gives it; it ships no types. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; variationAxes?: Record<string, number> },
  ): Promise<Buffer>
}
