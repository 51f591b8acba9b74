import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  main: {
    build: {
      lib: { entry: resolve(__dirname, 'electron/main/index.ts') },
      // node:sqlite listed explicitly: a builtin list without it would bundle a stub (docs/toolchain.md).
      rollupOptions: { external: ['@napi-rs/keyring', 'node:sqlite', 'sqlite'] },
    },
  },
  preload: {
    // A sandboxed preload must be CommonJS.
    build: {
      lib: { entry: resolve(__dirname, 'electron/preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    base: './',
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
    // The renderer reaches shared/ through one alias (tsconfig.web.json's paths say the same to TypeScript).
    resolve: { alias: { '@shared': resolve(__dirname, 'shared') } },
    plugins: [react()],
  },
})
