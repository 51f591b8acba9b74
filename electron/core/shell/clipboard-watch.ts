import { sameAddress } from '../../../shared/address/lookalike'
import { isValidAddress } from '../../../shared/api/address'
import { findNetwork } from '../../../shared/api/networks'

/** How long after a copy the clipboard is watched: long enough to switch windows and paste. */
export const WATCH_MS = 60_000
/** How often it is read meanwhile: a swap shows up well before a person can paste. */
export const POLL_MS = 500

export interface ClipboardWatchDeps {
  /** The clipboard's text now (Electron reads it asynchronously); only ever called while a watch runs. */
  read: () => Promise<string>
  now: () => number
  /** Calls `tick` every `ms` until the returned stop is called. */
  every: (tick: () => Promise<void>, ms: number) => () => void
  /** The clipboard now holds another address of the copied address's network: said at once, naming both. */
  onSwap: (swap: { network: string; copied: string; found: string }) => void
}

/**
 * Clipboard-hijacking malware swaps an address just copied for its own of the same network. After the app copies
 * an address it reads the clipboard for WATCH_MS; a different valid address of that network there is a swap, said
 * once. Anything else (other text, the same address) is left alone; a newer copy replaces the watch; the clipboard is
 * never read outside a watch.
 */
export class ClipboardWatch {
  private current: { network: string; address: string; startedAt: number; stop: () => void } | null = null

  constructor(private readonly deps: ClipboardWatchDeps) {}

  /** After the app put `address` of `network` on the clipboard. */
  start(network: string, address: string): void {
    this.stop()
    if (!findNetwork(network)) return
    const stop = this.deps.every(() => this.poll(), POLL_MS)
    this.current = { network, address, startedAt: this.deps.now(), stop }
  }

  get watching(): boolean {
    return this.current !== null
  }

  /**
   * One look at the clipboard; the timer calls it, a test may too. A clipboard that cannot be read is looked at next
   * time.
   */
  async poll(): Promise<void> {
    const w = this.current
    if (!w) return
    if (this.deps.now() - w.startedAt > WATCH_MS) return this.stop()
    const found = (await this.deps.read().catch(() => '')).trim()
    // The watch may have ended or been replaced while the read was under way.
    if (this.current !== w) return
    if (found === '' || sameAddress(w.network, found, w.address) || !isValidAddress(w.network, found)) return
    this.stop()
    this.deps.onSwap({ network: w.network, copied: w.address, found })
  }

  stop(): void {
    this.current?.stop()
    this.current = null
  }
}

/** The warning the app shows for a swap. */
export function swapMessage(swap: { network: string; copied: string; found: string }): string {
  const name = findNetwork(swap.network)?.name ?? swap.network
  return (
    `The clipboard changed after you copied a ${name} address: you copied ${swap.copied}, it now holds ` +
    `${swap.found}. Something on this computer may be replacing addresses; do not paste it. Copy the address ` +
    `again and compare every character.`
  )
}
