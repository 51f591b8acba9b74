import { agentStopped, resumeAgent, stopAgent } from '../core/policy/use-cases'
import { commandGroup, type Action } from './command'
import { label } from './profile-command'
import { shown } from '../../shared/text/visible-text'

const editor = (person: string) => ({ actor: 'cli' as const, person })

const stop: Action = {
  name: 'agent stop',
  usage: 'agent stop --profile N [--reason TEXT]',
  summary:
    'Stops every agent payout of the profile at the send gate at once: new requests, queued ones and held ones ' +
    "(which can't be released) are refused with rule agent_stopped, and the agent is told why. Audited with the " +
    'person (--as NAME once the desk has people; anyone may, a viewer too).',
  options: { profile: { type: 'string' }, reason: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('agent_stop', profile)
    const reason = (v.reason as string | undefined) ?? null
    await ctx.withStore(profile, (store) => stopAgent(store, editor(acting.name), reason))
    ctx.out(
      `The agent of ${label(profile)} is stopped: no agent payout is sent until: payout-desk agent resume ` +
        `--profile ${v.profile as string}`,
    )
    return 0
  },
}

const resume: Action = {
  name: 'agent resume',
  usage: 'agent resume --profile N',
  summary:
    "Lets the agent's payouts through the send gate again, under the policy in force (an admin's act, --as, once " +
    'the desk has people). Audited.',
  options: { profile: { type: 'string' } },
  required: ['profile'],
  async run(ctx, v) {
    const profile = await ctx.profile(v.profile as string)
    const acting = await ctx.acting('policy', profile)
    const was = await ctx.withStore(profile, (store) => {
      const stopped = agentStopped(store)
      if (stopped) resumeAgent(store, editor(acting.name))
      return stopped
    })
    ctx.out(
      was
        ? `The agent of ${label(profile)} is resumed (stopped since ` +
            `${was.at}${was.reason ? `: ${shown(was.reason)}` : ''}).`
        : `The agent of ${label(profile)} was not stopped.`,
    )
    return 0
  },
}

export const agentCommand = commandGroup('agent', 'Stop or resume the agent of a profile at the send gate.', [
  stop,
  resume,
])
