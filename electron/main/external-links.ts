import { shell } from 'electron'
import { isAllowedExternalUrl } from '../core/shell/external-urls'
import { log } from '../core/shell/stderr-log'

/** The one way the app opens a URL outside itself, by the core's rule. */
export async function openExternal(url: string): Promise<void> {
  if (!isAllowedExternalUrl(url)) {
    log.warn(`refused to open external URL ${url.slice(0, 200)}`)
    throw new Error('This link cannot be opened: only https links and the local simulator console are allowed.')
  }
  await shell.openExternal(url)
}
