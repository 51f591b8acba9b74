import { keychainUnavailable, type SecretStore } from '../../electron/core/vault'

/** Test-only SecretStore: a Map, optionally failing on chosen operations. Never used by the product. */
export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>()
  readonly failOn = new Set<'get' | 'set' | 'delete'>()

  async get(account: string): Promise<string | null> {
    this.maybeFail('get')
    return this.entries.get(account) ?? null
  }

  async set(account: string, value: string): Promise<void> {
    this.maybeFail('set')
    this.entries.set(account, value)
  }

  async delete(account: string): Promise<boolean> {
    this.maybeFail('delete')
    return this.entries.delete(account)
  }

  async accounts(): Promise<string[]> {
    this.maybeFail('get')
    return [...this.entries.keys()]
  }

  private maybeFail(op: 'get' | 'set' | 'delete'): void {
    if (this.failOn.has(op)) throw keychainUnavailable()
  }
}
