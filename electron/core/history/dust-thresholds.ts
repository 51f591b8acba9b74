import {
  DEFAULT_DUST_THRESHOLDS,
  dustThreshold,
  DustAssetSchema,
  DustThresholdSchema,
  type DustThresholdRow,
} from '../../../shared/address/dust-bait'
import { DeskError } from '../errors'
import { baitFlags, type DeskStore } from '../store'

/** Every asset with a default or a threshold of the profile's own, and which one applies. */
export function dustThresholdRows(store: DeskStore): DustThresholdRow[] {
  const own = store.read('read the dust thresholds', () => store.repo(baitFlags).thresholds())
  const assets = [...new Set([...Object.keys(DEFAULT_DUST_THRESHOLDS), ...Object.keys(own)])].sort()
  return assets.map((asset) => ({ asset, below: dustThreshold(own, asset), own: Object.hasOwn(own, asset) }))
}

/**
 * Sets the profile's threshold for one asset: incoming movements of less (or of zero) from a look-alike of a known
 * address are flagged. Every movement of the asset already held is judged again in the same transaction.
 */
export function setDustThreshold(store: DeskStore, asset: string, below: string): { flagged: number } {
  const a = DustAssetSchema.safeParse(asset)
  if (!a.success) throw new DeskError('validation_failed', `asset: ${a.error.issues[0]!.message}.`)
  const b = DustThresholdSchema.safeParse(below)
  if (!b.success) throw new DeskError('validation_failed', `below: ${b.error.issues[0]!.message}.`)
  return store.transaction('set a dust threshold', () => {
    const flags = store.repo(baitFlags)
    flags.setThreshold(a.data, b.data)
    return { flagged: flags.flaggedCount() }
  })
}
