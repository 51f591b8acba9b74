import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The project's own lint config, run on a file that is not on disk at the path it claims. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: process.cwd() }).lintText(code, { filePath })
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
}

describe('one renderer data layer (lint)', () => {
  it('refuses a direct bridge call in a screen: call from desk, or window.desk', async () => {
    expect(
      await problems(
        'renderer/src/screens/payouts/X.tsx',
        "import { call } from '../../desk'\nexport const x = call\n",
      ),
    ).toEqual([expect.stringContaining('useDeskMutation')])
    expect(
      await problems('renderer/src/components/X.ts', "export const x = () => window.desk?.invoke('held.list', {})\n"),
    ).toEqual([expect.stringContaining('renderer/src/data/')])
  })

  it('refuses marking the cache old by hand outside the data layer', async () => {
    const code =
      "import { QueryClient } from '@tanstack/react-query'\nexport const x = (c: QueryClient) => c.invalidateQueries({ queryKey: ['held.list'] })\n"
    expect(await problems('renderer/src/screens/payouts/X.ts', code)).toEqual([expect.stringContaining('markOld')])
  })

  it('refuses writing the query cache outside the data layer', async () => {
    const code =
      "import { QueryClient } from '@tanstack/react-query'\nexport const x = (c: QueryClient) => c.setQueryData(['held.list'], [])\n"
    expect(await problems('renderer/src/screens/payouts/X.ts', code)).toEqual([
      expect.stringContaining('written only in renderer/src/data/'),
    ])
    expect(await problems('renderer/src/data/X.ts', code)).toEqual([])
  })

  it('lets the data layer reach the bridge, and screens listen to events and read errors', async () => {
    expect(await problems('renderer/src/data/X.ts', "import { call } from '../desk'\nexport const x = call\n")).toEqual(
      [],
    )
    expect(
      await problems(
        'renderer/src/shell/X.ts',
        "import { on, asDeskError } from '../desk'\nexport const x = [on, asDeskError]\n",
      ),
    ).toEqual([])
  })
})
