/** The Unicode line breaking algorithm (UAX #14), as the `linebreak` package gives it; it ships no types. */
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string)
    /** The next place a line may (or, `required`, must) break: the offset of the first character of the next line. */
    nextBreak(): { position: number; required: boolean } | null
  }
}
