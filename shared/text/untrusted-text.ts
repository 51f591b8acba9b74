import { z } from 'zod'

declare const untrustedBrand: unique symbol

/**
 * Someone else's text (a label, a name, a reference, a note) as a view carries it: a string at run time, but opaque to
 * the compiler. It has no string methods, is no ReactNode and no `string`, so it reaches a screen or a terminal only
 * through the shown form (`shown`, `shownLine`, the renderer's <UserText>); reading it raw takes one of the named
 * functions below, which a search for their names finds.
 */
export interface UntrustedText {
  readonly [untrustedBrand]: true
}

/**
 * The brand's two crossings, the type's definition: the same string at run time, opaque to the compiler on one side.
 * They are the code's only `as unknown as` (desk/no-double-cast allows this file and no other).
 */
const brand = (value: string): UntrustedText => value as unknown as UntrustedText
const unbrand = (value: UntrustedText | null | undefined): string | null | undefined =>
  value as unknown as string | null | undefined

/** What joining an array of T gives: untrusted text when any element may be (an array of unknown stays a string). */
type JoinOf<T> = unknown extends T ? string : UntrustedText extends T ? UntrustedText : string

declare global {
  interface StringConstructor {
    /** `String(label)` keeps it untrusted: it is the same text, not a way round the brand. */
    (value: UntrustedText | null | undefined): UntrustedText
  }
  /** `[label, owner].join(' ')` keeps it untrusted too, whatever else the array holds. */
  interface Array<T> {
    join(separator?: string): JoinOf<T>
  }
  interface ReadonlyArray<T> {
    join(separator?: string): JoinOf<T>
  }
}

/**
 * A view's untrusted field: the string (checked by `schema`) parsed into the brand. The one place a string becomes
 * UntrustedText; what a handler returns (the schema's input) stays a plain string.
 */
export function untrusted<S extends z.ZodType<string>>(schema: S): z.ZodPipe<S, z.ZodTransform<UntrustedText, string>>
export function untrusted(): z.ZodPipe<z.ZodString, z.ZodTransform<UntrustedText, string>>
export function untrusted(schema: z.ZodType<string> = z.string()) {
  return schema.transform(brand)
}

/** Someone else's texts joined (a first and a last name): still someone else's text. Empty parts are left out. */
export function joinUntrusted(parts: ReadonlyArray<UntrustedText | null | undefined>, separator = ' '): UntrustedText {
  const raw = parts.map((p) => untrustedForMatching(p)?.trim()).filter((p) => p)
  return brand(raw.join(separator))
}

/** The raw text to compare, sort or search by (never to show): `a.label === b.label` needs no call. */
export function untrustedForMatching(value: UntrustedText): string
export function untrustedForMatching(value: UntrustedText | null | undefined): string | null | undefined
export function untrustedForMatching(value: UntrustedText | null | undefined): string | null | undefined {
  return unbrand(value)
}

/** The raw text to put back into a form field the person edits and sends again (a label being renamed). */
export function untrustedForEditing(value: UntrustedText | null | undefined): string {
  return unbrand(value) ?? ''
}

/** The same data with UntrustedText read as plain strings, for code that reads it and never shows it (tests). */
export type Raw<T> = T extends UntrustedText
  ? string
  : T extends readonly unknown[] | Record<string, unknown>
    ? { [K in keyof T]: Raw<T[K]> }
    : T
