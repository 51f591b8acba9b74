import { TERMINAL_WITHDRAWAL_STATUSES } from '../../../shared/api'
import { CONSOLE_ACTIONS } from '../data/withdrawal-lifecycle'
import type { EnvironmentName } from '../types'
import { CONSOLE_SCRIPT } from './console-page-script'

/**
 * The moves the page offers per status come from the state machine itself, so the buttons never drift from the 409
 * rules.
 */
const pageConfig = (env: EnvironmentName) =>
  JSON.stringify({
    env,
    actions: Object.fromEntries(Object.entries(CONSOLE_ACTIONS).map(([action, move]) => [action, move.from])),
    terminal: TERMINAL_WITHDRAWAL_STATUSES,
  }).replace(/</g, '\\u003c')

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2430;--muted:#5b6675;--line:#d5dbe3;--panel:#f5f7fa;--accent:#1f5fbf;
--accent-fg:#fff;
--ok:#176c3a;--bad:#a4262c;--warn-bg:#fff4d6;--env:#1f5fbf;--focus:#f0a000}
@media (prefers-color-scheme:dark){:root{--bg:#15181d;--fg:#e3e7ee;--muted:#9aa5b4;--line:#333a45;--panel:#1d2128;
--accent:#5b9cff;--accent-fg:#0b1220;
--ok:#5fcf8d;--bad:#ff8a8f;--warn-bg:#3a3218;--env:#5b9cff}}
.production{--env:#c2410c}@media (prefers-color-scheme:dark){.production{--env:#fb923c}}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,sans-serif;margin:0;background:var(--bg);color:var(--fg)}
main{max-width:72rem;margin:0 auto;padding:0 1.5rem 3rem}
header{display:flex;align-items:center;gap:1rem;flex-wrap:wrap;padding:1rem 1.5rem;border-bottom:4px solid var(--env);
background:var(--panel)}
header h1{font-size:1.15rem;margin:0}
.env{font-weight:700;letter-spacing:.08em;font-size:1.05rem;padding:.25rem .8rem;border-radius:4px;
background:var(--env);color:var(--bg)}
header p{margin:0;color:var(--muted)}
h2{font-size:1.05rem;margin:2rem 0 .5rem}h3{font-size:.95rem;margin:1rem 0 .3rem}
.hint{color:var(--muted);margin:.2rem 0 .6rem}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line);vertical-align:middle}
th{font-size:12px;color:var(--muted);font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
code,.mono{font:12.5px ui-monospace,SFMono-Regular,Menlo,monospace}
td .mono,time{white-space:nowrap}
.empty{color:var(--muted);font-style:italic;padding:.6rem .5rem}
.actions{display:flex;gap:.3rem;flex-wrap:wrap}
button{font:inherit;font-size:13px;padding:.25rem .7rem;border-radius:4px;border:1px solid var(--line);
background:var(--panel);color:var(--fg);cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg);font-weight:600}
button.danger{color:var(--bad)}
button:disabled{opacity:.5;cursor:progress}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.status{display:inline-block;font-size:12px;padding:0 .45rem;border-radius:999px;border:1px solid var(--line);
white-space:nowrap}
.status.completed{color:var(--ok);border-color:currentColor}
.status.rejected,.status.failed,.status.expired,.status.cancelled{color:var(--bad);border-color:currentColor}
.messages{position:sticky;top:0;z-index:1;background:var(--bg);padding:.5rem 0 .3rem;
border-bottom:1px solid var(--line)}
#notice{min-height:1.4rem;margin:0}
#notice.ok{color:var(--ok)}
#error{margin:.3rem 0 0;padding:.4rem .6rem;border-radius:4px;background:var(--warn-bg);color:var(--bad)}
#error:empty{display:none}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;padding:.6rem;border:1px solid var(--line);
border-radius:6px;margin:.4rem 0}
label{display:flex;flex-direction:column;font-size:12px;gap:2px;color:var(--muted)}
form label:has(input[size]){flex:1 1 12rem}form input[size]{width:100%}input[type=number]{width:7rem}
#key-workspace-form{border:0;padding:0}
label.check{flex-direction:row;align-items:center;gap:.35rem;color:var(--fg);font-size:13px}
input,select{font:13px ui-monospace,monospace;padding:4px;border:1px solid var(--line);border-radius:4px;
background:var(--bg);color:var(--fg)}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(20rem,1fr));gap:0 1.2rem}
.secret{display:flex;gap:.4rem;align-items:center;margin:.3rem 0}
.secret output{flex:1;padding:.35rem .5rem;border:1px dashed var(--line);border-radius:4px;background:var(--panel);
word-break:break-all}
.result:empty{display:none}.result{margin:.3rem 0 .8rem}
details{margin-top:.8rem}summary{cursor:pointer;color:var(--muted)}
`

/** The console page for people: live tables of what waits for a person, and compact forms for keys and test knobs. */
export function consolePage(env: EnvironmentName): string {
  const ENV = env.toUpperCase()
  return `<!doctype html>
<html lang="en" class="${env}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${ENV} · Simulator console</title><style>${STYLE}</style></head><body>
<header><span class="env" id="env">${ENV}</span><h1>Simulator console</h1>
<p>Acts on the ${env} environment of the local simulator only. ${
    env === 'production' ? 'Simulated: no real ' + 'funds move.' : 'The demo workspace is <code>ws-demo</code>.'
  }</p></header>
<main>
<div class="messages"><p id="notice" role="status" aria-live="polite"></p><p id="error" role="alert"></p></div>

<section aria-labelledby="h-payouts"><h2 id="h-payouts">Payouts waiting for a person</h2>
<p class="hint">Newest first. Each button moves the payout one step; the app sees the change on its next refresh.</p>
<table><thead><tr><th>Payout</th><th>Wallet</th><th class="num">Amount</th><th>Destination</th><th>Status</th>
<th>Created</th><th>Actions</th></tr></thead>
<tbody id="open-payouts"><tr><td colspan="7" class="empty">Loading…</td></tr></tbody></table>
<details id="recent"><summary>Recently finished payouts (<span id="recent-count">0</span>)</summary>
<table><thead><tr><th>Payout</th><th>Wallet</th><th class="num">Amount</th><th>Destination</th><th>Status</th>
<th>Updated</th><th>Transaction</th></tr></thead>
<tbody id="done-payouts"></tbody></table></details></section>

<section aria-labelledby="h-destinations"><h2 id="h-destinations">Destinations waiting for verification</h2>
<p class="hint">Verify a destination to let it receive payouts; the app sees it as verified on its next refresh.</p>
<table><thead><tr><th>Label</th><th>Network</th><th>Address</th><th>Type</th><th>Created</th><th>Actions</th></tr>
</thead>
<tbody id="pending-destinations"><tr><td colspan="6" class="empty">Loading…</td></tr></tbody></table></section>

<section aria-labelledby="h-keys"><h2 id="h-keys">Keys</h2>
<form id="key-workspace-form"><label>Workspace<select id="key-workspace" name="workspace_id">
<option value="ws-demo">ws-demo</option></select></label></form>
<div class="grid"><div><h3>Register an Ed25519 public key</h3>
<form id="ed25519-form">
<label>Public key (base64 of the raw 32 bytes)<input name="public_key" size="46" required autocomplete="off"
spellcheck="false"></label><button class="primary">Register</button></form>
<div class="result" id="ed25519-result"></div></div>
<div><h3>Create an HMAC key</h3>
<form id="hmac-form"><span class="hint">The secret is shown once, here.</span>
<button class="primary">Create HMAC key</button></form>
<div class="result" id="hmac-result"></div></div>
<div><h3>Revoke a key</h3>
<form id="revoke-form"><label>Key id<input name="key_id" size="28" required autocomplete="off" spellcheck="false">
</label><button class="danger">Revoke</button></form></div></div></section>

<section aria-labelledby="h-settings"><h2 id="h-settings">Settings</h2>
<form id="settings-form">
<label>Requests per window<input name="rate_limit_per_minute" type="number" min="1" required></label>
<label>Window (seconds)<input name="rate_limit_window_s" type="number" min="1" required></label>
<label class="check"><input name="approver_available" type="checkbox"> Approver available</label>
<label class="check"><input name="live_refresh_fails" type="checkbox"> Live refresh fails (stale reads)</label>
<button>Save settings</button></form></section>

<section aria-labelledby="h-faults"><h2 id="h-faults">Fault injection</h2>
<form id="fault-form"><label>Method<select name="method"><option value="">any</option><option>GET</option>
<option>POST</option></select></label>
<label>Path prefix<input name="path_prefix" value="/api/v1/" size="22"></label>
<label>Mode<select name="mode"><option value="status">answer a status</option>
<option value="drop_after_commit">drop after commit</option></select></label>
<label>Status<select name="status"><option>503</option><option>500</option><option>429</option></select></label>
<label>Retry-After (s)<input name="retry_after" type="number" min="0"></label>
<label>Times<input name="times" type="number" min="1" value="1"></label><button>Inject</button></form>
<p class="hint" id="faults-queued">No faults queued.</p></section>

<section aria-labelledby="h-raw"><h2 id="h-raw">Raw data</h2>
<p class="hint">JSON: <a href="/_console/withdrawals">withdrawals</a> · <a
href="/_console/counterparties">destinations</a> · <a href="/_console/workspaces">workspaces</a> · <a
href="/_console/settings">settings</a> · <a href="/_console/faults">faults</a> · <a href="/_console/requests">request
log</a></p>
<p class="hint">Balances follow the movements: each wallet's amount is its opening balance plus every completed
movement (fees in their asset); available is that less what waits in payouts and unfinished outgoing legs. To test a
difference report, <code>POST /_console/wallets/{id}/skew</code> with <code>{"asset", "network", "skew":
"-1.5"}</code> makes that one balance read off by the skew; <code>"skew": "0"</code> clears it.</p></section>
</main>
<script id="console-config" type="application/json">${pageConfig(env)}</script>
<script>${CONSOLE_SCRIPT}</script></body></html>`
}
