import { singleCommand } from './command'
import { label } from './profile-command'
import { shown } from '../../shared/text/visible-text'

export const testCommand = singleCommand({
  name: 'test',
  usage: 'test --profile N [--pending]',
  summary:
    'Connection test: one signed GET /api/v1/wallets. Exits 0 only on success and explains any failure. With ' +
    '--pending, a rotated key that passes replaces the active one.',
  options: { profile: { type: 'string' }, pending: { type: 'boolean' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const slot = v.pending ? 'pending' : 'active'
    const result = await ctx.keys.test(profile.id, slot)
    if (result.ok) {
      ctx.out(
        `OK: ${label(profile)} at ${profile.baseUrl} answered; the workspace has ${result.walletCount} ` +
          `wallet${result.walletCount === 1 ? '' : 's'}.`,
      )
      if (result.clockOffsetSeconds !== null && Math.abs(result.clockOffsetSeconds) > 5) {
        ctx.out(`Note: the server clock differs from this computer's by ${result.clockOffsetSeconds} s.`)
      }
      if (slot === 'pending')
        ctx.out('The rotated key passed and is now the active key. Revoke the old Key ID in the console.')
      return 0
    }
    ctx.err(
      `Connection test failed (${shown(result.reason)}${result.status ? `, HTTP ${result.status}` : ''}): ` +
        `${shown(result.message)}`,
    )
    return 1
  },
})
