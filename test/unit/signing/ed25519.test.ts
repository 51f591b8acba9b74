import { createPublicKey, randomBytes, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createEd25519Signer, ed25519PublicKey, ed25519Sign } from '../../../electron/core/signing'

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'))

// RFC 8032 section 7.1, tests 1-3.
const VECTORS = [
  {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    public: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    public: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    secret: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    public: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature:
      '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
]

function nodePublicKey(raw: Uint8Array) {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') },
    format: 'jwk',
  })
}

describe('Ed25519', () => {
  it.each(VECTORS.map((v, i) => [i + 1, v] as const))('matches RFC 8032 test %i', (_n, v) => {
    expect(Buffer.from(ed25519PublicKey(hex(v.secret))).toString('hex')).toBe(v.public)
    expect(Buffer.from(ed25519Sign(hex(v.message), hex(v.secret))).toString('hex')).toBe(v.signature)
  })

  it('signer output is the padded standard base64 of the RFC signature', () => {
    const v = VECTORS[1]!
    const signer = createEd25519Signer('key_1', hex(v.secret))
    const sig = signer.sign('r')
    expect(sig).toBe(Buffer.from(v.signature, 'hex').toString('base64'))
    expect(sig).toMatch(/^[A-Za-z0-9+/]{86}==$/)
  })

  it('1,000 random messages signed by the signer verify with node:crypto', () => {
    const secret = Uint8Array.from(randomBytes(32))
    const pub = nodePublicKey(ed25519PublicKey(secret))
    const signer = createEd25519Signer('key_1', secret)
    for (let i = 0; i < 1000; i++) {
      const message = randomBytes(1 + (i % 300)).toString('base64') + `\n${i}\nGET`
      const sig = Buffer.from(signer.sign(message), 'base64')
      expect(verify(null, Buffer.from(message, 'utf8'), pub, sig)).toBe(true)
    }
    // A tampered message must fail, so the check above can fail.
    expect(verify(null, Buffer.from('other'), pub, Buffer.from(signer.sign('message'), 'base64'))).toBe(false)
  })

  it('keeps its own copy of the secret and wipes it on dispose', () => {
    const secret = Uint8Array.from(randomBytes(32))
    const signer = createEd25519Signer('key_1', secret)
    const before = signer.sign('x')
    secret.fill(0)
    expect(signer.sign('x')).toBe(before)
    signer.dispose()
    expect(() => signer.sign('x')).toThrow(/disposed/)
  })

  it('refuses a secret key of the wrong length', () => {
    expect(() => createEd25519Signer('k', new Uint8Array(31))).toThrow()
  })
})
