import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: process.cwd() }).lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('SQL only in the store (lint)', () => {
  const code = "import type { RepoFactory } from '../store'\nexport const f: RepoFactory<number> = () => 1\n"

  it('refuses a RepoFactory written in a core feature', async () => {
    expect(await problems('electron/core/payouts/x.ts', code)).toEqual([
      expect.stringContaining('only in electron/core/store'),
    ])
  })

  it("refuses one imported from the store's leaf file too", async () => {
    const deep = code.replace("'../store'", "'../store/repo-factory'")
    expect(await problems('electron/core/payouts/x.ts', deep)).toEqual([
      expect.stringContaining('only in electron/core/store'),
    ])
  })

  it('lets the store write one', async () => {
    expect(
      await problems(
        'electron/core/store/x.ts',
        "import type { RepoFactory } from './repo-factory'\nexport const f: RepoFactory<number> = () => 1\n",
      ),
    ).toEqual([])
  })
})
