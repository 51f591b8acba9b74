// Bundles the admin CLI (electron/cli/main.ts) for plain Node: out/cli/payout-desk.mjs.
import { build } from 'esbuild'
import { readdirSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

// The dependencies are bundled in: resolving and compiling zod's, undici's and nodemailer's files one by one from
// node_modules made every start cost 0.4 CPU-s more. These stay installed packages: @napi-rs/keyring is a native
// addon, and the receipt's PDF packages read their fonts, tables and WebAssembly from files beside their code.
const KEPT_EXTERNAL = ['@napi-rs/keyring', 'pdfkit', 'fontkit', 'fontverter', 'subset-font', 'linebreak']
const outdir = join(root, 'out/cli')
// A process started from an earlier build may still load one of its chunks on demand: only those older than this go.
const KEEP_EARLIER_MS = 60 * 60 * 1000

const { metafile } = await build({
  entryPoints: [join(root, 'electron/cli/main.ts')],
  // Split: what only one command needs (the connector's MCP SDK, a receipt's PDFKit, the demo's server) is a chunk
  // of its own that loads when that command runs, so every other command starts without it.
  outdir,
  entryNames: 'payout-desk',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: KEPT_EXTERNAL,
  // Bundled CommonJS packages call require() for Node's modules, which an ES module has not got of its own.
  banner: {
    js:
      "import { createRequire as __createRequire } from 'node:module';\n" +
      'const require = __createRequire(import.meta.url);',
  },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
})

// Each build's chunks have new names; without this, out/cli kept every earlier build's (14 MB each).
// Another build may be removing them at the same time.
const current = new Set(Object.keys(metafile.outputs).map((file) => basename(file)))
const before = Date.now() - KEEP_EARLIER_MS
for (const file of readdirSync(outdir).filter((f) => !current.has(f))) {
  const path = join(outdir, file)
  if ((statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < before) rmSync(path, { force: true })
}
