/**
 * Why a mail was not sent, in words that never hold the secret: no URL, no password, no text of the server's (which
 * might echo them); only its reply code, an error code, or Node's own words for a refused certificate. A TLS failure
 * is named as one, so the person knows the desk refused the server, not that the server refused the desk.
 */
export function mailFailure(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; originalCode?: unknown; responseCode?: unknown; message?: unknown }
  const message = typeof e.message === 'string' ? e.message : ''
  const code = typeof e.code === 'string' ? e.code : ''
  const original = typeof e.originalCode === 'string' ? e.originalCode : ''
  if (code === 'ETLS' && /upgrading connection with STARTTLS/.test(message)) {
    const answered = typeof e.responseCode === 'number' ? ` (it answered ${e.responseCode})` : ''
    return `the mail server does not offer STARTTLS${answered}, so nothing was sent and the password was not given`
  }
  const certificate = CERTIFICATE.test(original) || CERTIFICATE_WORDS.test(message)
  if (certificate || code === 'ETLS' || TLS_CODE.test(original)) {
    const why = certificate ? `certificate refused: ${nodeWords(message) ?? original}` : (safeCode(original) ?? code)
    return `TLS failed (${why}), so nothing was sent and the password was not given`
  }
  if (typeof e.responseCode === 'number') return `the mail server answered ${e.responseCode}`
  return `no mail sent (${safeCode(original) ?? safeCode(code) ?? 'network error'})`
}

// Node's codes for a certificate it does not accept (OpenSSL's verify errors, and a name the certificate does not
// cover), and the words of its messages for them.
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS_CERT_ALTNAME/
const CERTIFICATE_WORDS = /certificate|altnames/i
const TLS_CODE = /^ERR_(SSL|TLS)_/
const NODE_WORDS = new RegExp(
  [
    'self[- ]signed certificate[a-z ]*',
    'unable to (?:get|verify) [a-z ]*certificate[a-z ]*',
    'certificate has expired',
    'certificate is not yet valid',
    "Hostname/IP does not match certificate's altnames",
  ].join('|'),
  'i',
)

function nodeWords(message: string): string | null {
  return NODE_WORDS.exec(message)?.[0] ?? null
}

function safeCode(code: string): string | null {
  return /^[A-Z0-9_]{2,40}$/.test(code) ? code : null
}
