/** Where secrets live, one string per account. The product has exactly one: the OS keychain. */
export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, value: string): Promise<void>
  /** Resolves false when there was nothing to delete. */
  delete(account: string): Promise<boolean>
  /** Every account the store holds: a removed profile's secrets are found by their account's prefix. */
  accounts(): Promise<string[]>
}
