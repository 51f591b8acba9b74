import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, parse } from 'node:path'

/**
 * The demo has no save dialog: exports go to the user's Downloads folder (else the home folder) under a
 * name that overwrites nothing. The folder is outside the temporary data directory so exports outlive the demo.
 */
export function demoExportPath(suggestedName: string, folder = defaultFolder()): string {
  const { name, ext } = parse(suggestedName)
  for (let n = 1; ; n++) {
    const candidate = join(folder, n === 1 ? `${name}${ext}` : `${name}-${n}${ext}`)
    if (!existsSync(candidate)) return candidate
  }
}

function defaultFolder(): string {
  const downloads = join(homedir(), 'Downloads')
  return existsSync(downloads) ? downloads : homedir()
}
