// Bundles the admin CLI (electron/cli/main.ts) for plain Node: out/cli/payout-desk.mjs.
// Dependencies stay external: they are installed in node_modules, and @napi-rs/keyring is a native addon.
import { build } from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

await build({
  entryPoints: [join(root, 'electron/cli/main.ts')],
  // Split: what only one command needs (the connector's MCP SDK, a receipt's PDFKit, the demo's server) is a chunk
  // of its own that loads when that command runs, so every other command starts without it.
  outdir: join(root, 'out/cli'),
  entryNames: 'payout-desk',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
