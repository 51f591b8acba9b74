import { describe, expect, it } from 'vitest'
import { dataResult, errorResult } from '../../../electron/core/connector/tool-result'
import { DeskError } from '../../../electron/core/errors'
import { validateProfileName } from '../../../electron/core/profiles/profile-validation'
import { CreateCounterpartySchema, ApiCreateCounterpartySchema } from '../../../shared/api/requests'
import { policyChannels } from '../../../shared/ipc/channels/policy'
import { profileChannels } from '../../../shared/ipc/channels/profiles'
import {
  classifyChar,
  describeChar,
  findUnsafeChars,
  jsonText,
  plainTextProblem,
  shown,
  shownLine,
  shownLines,
  textFlags,
} from '../../../shared/text'

const SPOOFED = 'Maria K \u202Eevil\u202C contractor'

describe('the classification of characters', () => {
  it.each([
    ...[
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ].map((c) => [c, 'bidi'] as const),
    ['\u001b', 'control'],
    ['\u009b', 'control'],
    ['\r', 'control'],
    ['\n', 'control'],
    ['\u007f', 'control'],
    ['\u2028', 'control'],
    ['\uD800', 'control'],
    ['\u200B', 'format'],
    ['\u00AD', 'format'],
    ['\uFEFF', 'format'],
    ['\u{E0041}', 'format'],
    ['\u200D', 'lookalike'],
    ['\u00A0', 'lookalike'],
    ['\u0430', 'lookalike'],
    ['\uFF21', 'lookalike'],
    ['a', null],
    [' ', null],
    ['é', null],
    ['😀', null],
  ] as const)('%j is %s', (ch, kind) => {
    expect(classifyChar(ch)).toBe(kind)
  })

  it('names the characters people meet in spoofed text, and the kind of the others', () => {
    expect(describeChar('\u202E')).toBe('U+202E RIGHT-TO-LEFT OVERRIDE')
    expect(describeChar('\u001b')).toBe('U+001B ESCAPE')
    expect(describeChar('\u0092')).toBe('U+0092 (a control character)')
  })

  it('flags letters of another script only among Latin ones', () => {
    expect(findUnsafeChars('P\u0430ypal').map((f) => f.kind)).toEqual(['lookalike'])
    expect(findUnsafeChars('Иван Петров')).toEqual([])
  })
})

describe('the visible form', () => {
  it('writes every hiding character as its code, as the app always has for labels', () => {
    expect(shown(SPOOFED)).toBe('Maria K [U+202E]evil[U+202C] contractor')
    expect(shown('ok\u001b[2K\rSynced OK\u009b1A')).toBe('ok[U+001B][2K[U+000D]Synced OK[U+009B]1A')
    expect(shown('a\nb\u200Bc')).toBe('a[U+000A]b[U+200B]c')
    expect(shown('family 👨\u200D👩')).toBe('family 👨\u200D👩')
    expect(shown(shown(SPOOFED))).toBe(shown(SPOOFED))
  })

  it('shows the values of a line, never its literals', () => {
    expect(shownLine`To ${SPOOFED}\t(${3})`).toBe('To Maria K [U+202E]evil[U+202C] contractor\t(3)')
    expect(shownLines('one\u001b[1A\ntwo')).toBe('one[U+001B][1A\ntwo')
    // A CSV's CRLF is a break of the output's own; a lone CR (which would rewrite the line) is shown.
    expect(shownLines('a,b\r\nc\rd\n')).toBe('a,b\r\nc[U+000D]d\n')
    // A CSV chunk printed to stdout ends with CR: the printer's LF makes it the file's CRLF.
    expect(shownLines('a,b\r\nc,d\r')).toBe('a,b\r\nc,d\r')
    expect(shownLines('c\r\r')).toBe('c[U+000D]\r')
  })

  it('keeps JSON data whole while no raw hiding character is printed', () => {
    const value = { label: SPOOFED, note: 'x\u001b[2Ky' }
    const json = jsonText(value)
    expect([...json].filter((c) => c === '\u202E' || c === '\u202C' || c === '\u001b')).toEqual([])
    expect(JSON.parse(json)).toEqual(value)
  })
})

describe('refused on entry', () => {
  const company = {
    network: 'ethereum-sepolia',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    counterparty_type: 'company',
    company_name: 'Acme',
    wallet_type: 'unhosted',
    country: 'DE',
  }

  it('names the character in the refusal', () => {
    expect(plainTextProblem(SPOOFED)).toMatch(
      /^contains U\+202E RIGHT-TO-LEFT OVERRIDE, U\+202C POP DIRECTIONAL FORMATTING/,
    )
    expect(plainTextProblem('Acme\u001b[31m')).toMatch(/^contains U\+001B ESCAPE/)
    expect(plainTextProblem('Acme GmbH')).toBeNull()
    expect(plainTextProblem('P\u0430ypal')).toBeNull()
  })

  it.each(['label', 'company_name', 'vasp_name'])(
    'a destination whose %s holds a bidi control is refused with the character named',
    (field) => {
      const result = CreateCounterpartySchema.safeParse({
        ...company,
        wallet_type: 'vasp',
        vasp_name: 'Custody',
        [field]: SPOOFED,
      })
      expect(result.success).toBe(false)
      expect(result.error!.issues[0]).toMatchObject({
        path: [field],
        message: expect.stringContaining('U+202E RIGHT-TO-LEFT OVERRIDE'),
      })
    },
  )

  it('an individual whose name holds a control character is refused', () => {
    const result = CreateCounterpartySchema.safeParse({
      ...company,
      counterparty_type: 'individual',
      company_name: undefined,
      first_name: 'Maria\r',
      last_name: 'K',
    })
    expect(result.error?.issues[0]?.message).toContain('U+000D CARRIAGE RETURN')
  })

  it('the provider itself may hold such text: its schema (the simulator applies it) accepts what the desk refuses', () => {
    expect(ApiCreateCounterpartySchema.safeParse({ ...company, label: SPOOFED }).success).toBe(true)
  })

  it('a profile name and a rejection reason are refused the same way', () => {
    const profile = profileChannels['profiles.create'].input.safeParse({
      name: SPOOFED,
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:1',
    })
    expect(profile.error?.issues[0]?.message).toContain('U+202E RIGHT-TO-LEFT OVERRIDE')
    const reject = policyChannels['held.reject'].input.safeParse({ idempotencyKey: 'k-1', reason: 'no\u2066' })
    expect(reject.error?.issues[0]?.message).toContain('U+2066 LEFT-TO-RIGHT ISOLATE')
  })
})

describe('flags for an agent', () => {
  it('lists each string that hides or imitates text with its visible form', () => {
    expect(textFlags({ data: [{ label: 'Plain' }, { label: SPOOFED }] })).toEqual([
      {
        path: 'data[1].label',
        shown: 'Maria K [U+202E]evil[U+202C] contractor',
        chars: ['U+202E RIGHT-TO-LEFT OVERRIDE', 'U+202C POP DIRECTIONAL FORMATTING'],
      },
    ])
    expect(textFlags({ data: [{ label: 'Plain' }] })).toEqual([])
  })

  it('a connector result carries them in text_flags, and keeps its shape when there is none', () => {
    const flagged = dataResult({ data: [{ label: SPOOFED }] })
    expect(flagged.structuredContent).toMatchObject({
      data: [{ label: SPOOFED }],
      text_flags: [{ path: 'data[0].label', shown: 'Maria K [U+202E]evil[U+202C] contractor' }],
    })
    expect(dataResult({ data: [{ label: 'Plain' }] }).structuredContent).toEqual({ data: [{ label: 'Plain' }] })
    const error = JSON.parse(
      (errorResult(new DeskError('validation_failed', 'bad\u001b[2K')).content[0] as { text: string }).text,
    ) as { error: { text_flags: unknown } }
    expect(error.error.text_flags).toEqual([{ path: 'message', shown: 'bad[U+001B][2K', chars: ['U+001B ESCAPE'] }])
  })
})

describe('the CLI and the core refuse the same', () => {
  it('a profile name (profile add) names the character', () => {
    expect(() => validateProfileName('ops\u202E', [])).toThrow(
      /The profile name contains U\+202E RIGHT-TO-LEFT OVERRIDE/,
    )
  })
})
