/**
 * The simulator's command line (electron/simulator/cli.ts) as a harness child, so tests start it from this run's
 * bundle (test/harness/ts-child.ts) instead of compiling it under tsx at each start.
 * Run: node --import tsx simulator-cli-child.ts [simulator arguments]
 */
import '../../electron/simulator/cli'
