import { describe, expect, it } from 'vitest'
import { CreateCounterpartySchema } from '../../../shared/api/requests'
import { NoteSchema } from '../../../shared/payouts/payout-notes'
import { plainTextProblem, shown, textFlags } from '../../../shared/text'

/** Letters and symbols that draw as nothing: a label of one of them reads as empty, "Acme" + one reads as "Acme". */
const BLANKS = ['\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800', '\u034F']

describe('characters that draw as blank', () => {
  it.each(BLANKS)('refuses %j in a note and in an agent’s destination label, naming it', (ch) => {
    const code = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    expect(plainTextProblem(`Acme${ch}`)).toContain(code)
    expect(NoteSchema.safeParse(`paid ${ch}`).success).toBe(false)
    const body = {
      network: 'ethereum-sepolia',
      address: `0x${'1'.repeat(40)}`,
      counterparty_type: 'company',
      company_name: 'Acme',
      wallet_type: 'unhosted',
      country: 'DE',
    }
    expect(CreateCounterpartySchema.safeParse({ ...body, label: ch }).success).toBe(false)
    expect(textFlags({ data: [{ label: `Acme${ch}` }] })).toEqual([
      { path: 'data[0].label', shown: `Acme[${code}]`, chars: [expect.stringContaining(code)] },
    ])
    expect(shown(ch)).toBe(`[${code}]`)
  })

  it('keeps Korean, emoji with their variation selector, and a plain space as they are', () => {
    for (const text of ['한국 상사', 'Thanks ❤️', '✔︎ done', 'A B']) {
      expect(plainTextProblem(text)).toBeNull()
      expect(textFlags({ text })).toEqual([])
      expect(shown(text)).toBe(text)
    }
  })
})
