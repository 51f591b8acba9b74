import { singleCommand } from './command'
import { UsageError } from './usage-error'

const USAGE = 'demo [--port N] [--no-open]'

export const demoCommand = singleCommand({
  name: 'demo',
  usage: USAGE,
  summary:
    'Browser demo where Electron cannot run: the local simulator with demo data and the real core in this ' +
    'process, the app served on ' +
    '127.0.0.1 with a per-run token, opened in the system browser (--no-open only prints the link). Its data ' +
    'lives in a temporary ' +
    'folder removed at exit (Ctrl+C); it can reach no server but its own simulator.',
  options: { port: { type: 'string' }, 'no-open': { type: 'boolean' } },
  async run(ctx, v) {
    const port = v.port === undefined ? 0 : Number(v.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new UsageError('--port must be a port number (0 picks a free one).', `Usage: payout-desk ${USAGE}`)
    // Heard from before the link is printed: a signal sent as soon as it appears (a script, a busy machine) would
    // otherwise end the process by default, leaving the demo's data behind.
    const stopped = new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'))
      process.once('SIGTERM', () => resolve('SIGTERM'))
    })
    // The demo's web server and WebSocket bridge load for the demo only.
    const { runDemo } = await import('./demo')
    const demo = await runDemo({
      port,
      open: v['no-open'] !== true,
      log: (line) => ctx.err(line),
      ready: (line) => ctx.out(line),
    })
    ctx.err('Press Ctrl+C to stop the demo; its data and keys are removed at exit.')
    const signal = await stopped
    ctx.err(`demo: ${signal}, stopping and removing ${demo.dataDir}`)
    await demo.close()
    return 0
  },
})
