// npm start: the desktop app when the Electron binary is here (or can be downloaded); otherwise the browser demo.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

// Electron 45 downloads its binary on first use and throws when it cannot. Asked in a child process so
// the downloader's own stack traces stay out of the way: the user gets one clear message instead.
function electronBinary() {
  const electronMain = require.resolve('electron')
  if (!existsSync(join(dirname(electronMain), 'dist')))
    console.error('Fetching the Electron binary (first start only)…')
  const probe = spawnSync(
    process.execPath,
    ['-e', 'process.stdout.write("\\n" + require(process.argv[1]))', electronMain],
    {
      encoding: 'utf8',
    },
  )
  if (probe.status === 0) return probe.stdout.trim().split('\n').pop() || null
  const reason = `${probe.stderr}`.split('\n').find((line) => /Error/.test(line))
  if (reason) console.error(`(Electron download: ${reason.trim()})`)
  return null
}

function run(command, args) {
  const child = spawn(command, args, { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

const binary = electronBinary()
if (binary) {
  const build = spawnSync(
    process.execPath,
    [join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js'), 'build'],
    { stdio: 'inherit' },
  )
  if (build.status !== 0) process.exit(build.status ?? 1)
  run(binary, ['.'])
} else {
  console.error(
    '\nThe Electron binary is not installed and could not be downloaded on this machine.\n' +
      'Starting the browser demo instead: the same app and core, served on 127.0.0.1 with the local simulator.\n',
  )
  run(process.execPath, ['bin/payout-desk.js', 'demo', ...process.argv.slice(2)])
}
