import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, parse } from 'node:path'
import type { Dispatch } from './bridge-connection'

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

/** A page must never name a file on this computer: only the demo itself chooses where an export is written. */
export function noPagePaths(dispatch: Dispatch): Dispatch {
  return async (channel, input) => {
    if (typeof input === 'object' && input !== null && 'path' in input) {
      return {
        ok: false,
        error: { code: 'demo_no_paths', message: 'The browser demo chooses where exports are saved (your Downloads folder); a page cannot name a file.' },
      }
    }
    return dispatch(channel, input)
  }
}
