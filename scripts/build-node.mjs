// Bundles the admin CLI (electron/cli/main.ts) for plain Node: out/cli/payout-desk.mjs.
// Dependencies stay external: they are installed in node_modules, and @napi-rs/keyring is a native addon.
import { build } from 'esbuild'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

await build({
  entryPoints: [join(root, 'electron/cli/main.ts')],
  outfile: join(root, 'out/cli/payout-desk.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
