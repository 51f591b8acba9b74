import { auditRows, verifyAuditLog } from '../core/audit/use-cases'
import { commandGroup, type Action } from './command'
import { shown, jsonText } from '../../shared/text/visible-text'

const verify: Action = {
  name: 'audit verify',
  usage: 'audit verify --profile N',
  summary:
    "Checks the audit log's hash chain from the first row, then the control rows the send gate reads (payee " +
    'confirmations, alterations, prices) against it. Exit 0 when every row holds; exit 1 naming the first row that ' +
    'was changed, inserted or deleted.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const result = await ctx.withStore(profile, (store) => verifyAuditLog(store, true))
    if (result.ok) {
      ctx.out(
        `OK: the audit log of "${shown(profile.name)}" holds: ${result.verifiedTo} rows, each chained to the ` +
          `one before.`,
      )
      return 0
    }
    if (result.brokenSeq === null) ctx.err(`BROKEN: ${result.problem}. The ${result.verifiedTo} rows of the log hold.`)
    else ctx.err(`BROKEN at row ${result.brokenSeq}: ${result.problem}. ${result.verifiedTo} rows before it hold.`)
    return 1
  },
}

const list: Action = {
  name: 'audit list',
  usage: 'audit list --profile N [--json]',
  summary:
    'Prints the audit log oldest first: every HTTP attempt, tool call and local decision, with who and when. ' +
    'Never a signature, a key or a body.',
  options: { profile: { type: 'string' }, json: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const rows = await ctx.withStore(profile, auditRows)
    if (v.json) {
      ctx.out(jsonText(rows))
      return 0
    }
    for (const r of rows) {
      const outcome = r.status !== null ? String(r.status) : (r.errorCode ?? '-')
      const extra = [
        r.actor && `by ${r.actor}`,
        r.idempotencyKey && `key ${r.idempotencyKey}`,
        r.requestId && `X-Request-Id ${r.requestId}`,
        r.detail && JSON.stringify(r.detail),
      ]
      ctx.out(
        [
          String(r.seq).padStart(6),
          r.at,
          r.kind.padEnd(8),
          r.method.padEnd(5),
          r.path,
          outcome,
          ...extra.filter(Boolean),
        ].join('  '),
      )
    }
    return 0
  },
}

export const auditCommand = commandGroup(
  'audit',
  "The profile's tamper-evident audit log: verify its hash chain, or list it.",
  [verify, list],
)
