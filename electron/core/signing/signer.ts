/** Signs canonical strings with one key. Lives while a profile is open; `dispose` overwrites the secret bytes. */
export interface Signer {
  readonly keyId: string
  readonly algorithm: 'ed25519' | 'hmac'
  sign(canonical: string): string
  dispose(): void
}
