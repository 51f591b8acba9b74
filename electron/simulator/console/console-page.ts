import type { EnvironmentName } from '../types'

/** A plain page for people: each form posts JSON to a console endpoint and shows the answer. */
export function consolePage(env: EnvironmentName): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Simulator console (${env})</title>
<style>
body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem;color:#1d2430}
h1{font-size:1.3rem}h2{font-size:1rem;margin:1.5rem 0 .4rem}
form{display:flex;flex-wrap:wrap;gap:.4rem;align-items:end;padding:.6rem;border:1px solid #d5dbe3;border-radius:6px}
label{display:flex;flex-direction:column;font-size:12px;gap:2px}
input,select,textarea{font:13px ui-monospace,monospace;padding:3px}
pre{background:#f3f5f8;padding:.6rem;overflow:auto;max-height:20rem}
</style></head><body>
<h1>Simulator console: ${env.toUpperCase()}</h1>
<p>Everything here acts on this environment only. The demo workspace is <code>ws-demo</code>.</p>
<h2>Register a key</h2>
<form data-path="keys"><label>workspace_id<input name="workspace_id" value="ws-demo"></label>
<label>algorithm<select name="algorithm"><option>ed25519</option><option>hmac</option></select></label>
<label>public_key (base64, ed25519 only)<input name="public_key" size="48"></label><button>Register</button></form>
<h2>Revoke a key</h2>
<form data-path="keys/{key_id}/revoke"><label>key_id<input name="key_id"></label><button>Revoke</button></form>
<h2>Verify a destination</h2>
<form data-path="counterparties/{id}/verify"><label>destination id<input name="id" size="40"></label><button>Verify</button></form>
<h2>Move a withdrawal</h2>
<form data-path="withdrawals/{id}/{action}"><label>withdrawal id<input name="id" size="40"></label>
<label>action<select name="action"><option>approve</option><option>process</option><option>complete</option><option>reject</option><option>fail</option><option>expire</option></select></label><button>Apply</button></form>
<h2>Settings</h2>
<form data-path="settings"><label>rate_limit_per_minute<input name="rate_limit_per_minute" type="number"></label>
<label>rate_limit_window_s<input name="rate_limit_window_s" type="number"></label>
<label>approver_available<select name="approver_available"><option value="">(keep)</option><option>true</option><option>false</option></select></label>
<label>live_refresh_fails<select name="live_refresh_fails"><option value="">(keep)</option><option>true</option><option>false</option></select></label><button>Save</button></form>
<h2>Inject a fault</h2>
<form data-path="faults"><label>method<select name="method"><option value="">(any)</option><option>GET</option><option>POST</option></select></label>
<label>path_prefix<input name="path_prefix" value="/api/v1/"></label>
<label>mode<select name="mode"><option>status</option><option>drop_after_commit</option></select></label>
<label>status<select name="status"><option value="">(none)</option><option>429</option><option>500</option><option>503</option></select></label>
<label>retry_after<input name="retry_after" type="number"></label><label>times<input name="times" type="number" value="1"></label><button>Inject</button></form>
<h2>Look</h2>
<form data-get="1"><select name="what"><option>workspaces</option><option>counterparties</option><option>withdrawals</option><option>settings</option><option>faults</option><option>requests</option></select><button>Show</button></form>
<h2>Answer</h2><pre id="out">(nothing yet)</pre>
<script>
const out = document.getElementById('out')
const NUMBERS = ['rate_limit_per_minute', 'rate_limit_window_s', 'status', 'retry_after', 'times']
for (const form of document.querySelectorAll('form')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const fields = Object.fromEntries(new FormData(form))
    let path = form.dataset.path
    let init = { method: 'POST', headers: { 'Content-Type': 'application/json' } }
    if (form.dataset.get) { path = fields.what; init = { method: 'GET' } }
    else {
      const body = {}
      for (const [name, value] of Object.entries(fields)) {
        if (path.includes('{' + name + '}')) { path = path.replace('{' + name + '}', encodeURIComponent(value)); continue }
        if (value === '') continue
        body[name] = NUMBERS.includes(name) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value
      }
      init.body = JSON.stringify(body)
    }
    const res = await fetch('/_console/' + path, init)
    out.textContent = res.status + '\\n' + JSON.stringify(await res.json(), null, 2)
  })
}
</script></body></html>`
}
