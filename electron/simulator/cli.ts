import { startSimulator, type SimulatorOptions } from './start-simulator'

const USAGE = 'usage: npm run simulator -- [--sandbox-port N] [--production-port N] [--empty] [--state FILE]'

function fail(message: string): never {
  process.stderr.write(`simulator: ${message}\n${USAGE}\n`)
  process.exit(2)
}

function port(flag: string, value: string | undefined): number {
  if (value === undefined || !/^[0-9]{1,5}$/.test(value) || Number(value) > 65535)
    fail(`${flag} needs a port number from 0 to 65535`)
  return Number(value)
}

function parseArgs(args: string[]): SimulatorOptions {
  const options: SimulatorOptions = { seed: 'demo' }
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!
    if (flag === '--sandbox-port') options.sandboxPort = port(flag, args[++i])
    else if (flag === '--production-port') options.productionPort = port(flag, args[++i])
    else if (flag === '--empty') options.seed = 'empty'
    else if (flag === '--state') {
      const file = args[++i]
      if (!file || file.startsWith('--')) fail('--state needs a file path')
      options.stateFile = file
    } else fail(`unknown argument ${flag}`)
  }
  return options
}

const options = parseArgs(process.argv.slice(2))
startSimulator(options).then(
  (sim) => {
    process.stdout.write(`simulator ready sandbox=${sim.sandbox.url} production=${sim.production.url}\n`)
    let closing = false
    const shutdown = () => {
      if (closing) return
      closing = true
      sim.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    }
    process.on('SIGINT', shutdown)
    process.on('SIGTERM', shutdown)
  },
  (e: unknown) => {
    process.stderr.write(`simulator: ${(e as Error).message}\n`)
    process.exit(1)
  },
)
