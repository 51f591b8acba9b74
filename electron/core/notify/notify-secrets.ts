import { z } from 'zod'
import type { SecretStore } from '../vault'

/** Where a channel goes: a webhook's URL or the SMTP URL with its password. Kept only in the keychain. */
const ChannelSecretSchema = z.strictObject({ url: z.string() })
export type ChannelSecret = z.infer<typeof ChannelSecretSchema>

/** Beside the profile's key, under the same service: `<profile-id>:notify:<channel-id>`. */
const accountOf = (profileId: string, channelId: string) => `${profileId}:notify:${channelId}`

export class NotifySecrets {
  constructor(
    private readonly store: SecretStore,
    private readonly profileId: string,
  ) {}

  async get(channelId: string): Promise<ChannelSecret | null> {
    const raw = await this.store.get(accountOf(this.profileId, channelId))
    if (raw === null) return null
    const parsed = ChannelSecretSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  }

  set(channelId: string, secret: ChannelSecret): Promise<void> {
    return this.store.set(accountOf(this.profileId, channelId), JSON.stringify(secret))
  }

  delete(channelId: string): Promise<boolean> {
    return this.store.delete(accountOf(this.profileId, channelId))
  }
}
