import type { SecretStore } from '../../core/vault'

/**
 * The browser demo's fallback where no OS keychain exists: simulator keys kept in this process only,
 * gone at exit. Nothing else in the product may use it (the UI says so in its top bar).
 */
export class DemoMemorySecretStore implements SecretStore {
  private readonly entries = new Map<string, string>()

  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null
  }

  async set(account: string, value: string): Promise<void> {
    this.entries.set(account, value)
  }

  async delete(account: string): Promise<boolean> {
    return this.entries.delete(account)
  }

  async accounts(): Promise<string[]> {
    return [...this.entries.keys()]
  }

  clear(): void {
    this.entries.clear()
  }
}
