// Preloaded into electronegativity only. It fetches translations and Electron release data with got, which this
// machine cannot reach; got 11 then throws from its retry timer ("The `onCancel` handler was attached after the
// promise settled") when the machine is busy, ending the scan. Without retries the fetch just fails, as the tool
// expects.
import Module from 'node:module'

const load = Module._load
Module._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest)
  if (request !== 'got') return loaded
  const once = loaded.extend({ retry: { limit: 0 } })
  once.default = once
  once.__esModule = true
  return once
}
