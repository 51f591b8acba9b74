/**
 * The console page's browser script, kept as text: the simulator is type-checked without DOM types and the page loads
 * nothing from outside. It builds every table with textContent, so labels and addresses typed by API clients stay
 * inert.
 */
export const CONSOLE_SCRIPT = String.raw`
'use strict'
const config = JSON.parse(document.getElementById('console-config').textContent)
const $ = (id) => document.getElementById(id)
const LABELS = {
  approve: 'Approve',
  process: 'Process',
  complete: 'Complete',
  reject: 'Reject',
  fail: 'Fail',
  expire: 'Expire',
}
const DONE = {
  approve: 'approved',
  process: 'now processing',
  complete: 'completed',
  reject: 'rejected',
  fail: 'failed',
  expire: 'expired',
}
const PRIMARY = new Set(['approve', 'process', 'complete'])
const errors = { refresh: '', action: '' }
let destinations = []
const lastRender = {}

function el(tag, props, ...children) {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'text') e.textContent = v
    else if (k === 'class') e.className = v
    else if (k === 'onclick') e.addEventListener('click', v)
    else e.setAttribute(k, v)
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c)
  return e
}

async function call(method, path, body) {
  const init = { method, headers: {} }
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  let res
  try {
    res = await fetch('/_console/' + path, init)
  } catch {
    throw new Error('the simulator is not answering; is it still running?')
  }
  const json = await res.json().catch(() => null)
  if (!res.ok)
    throw new Error(
      json && json.error
        ? json.error.message + ' (' + json.error.code + ', HTTP ' + res.status + ')'
        : 'HTTP ' + res.status,
    )
  return json.data
}

function showErrors() {
  $('error').textContent = [errors.action, errors.refresh].filter(Boolean).join(' · ')
}
function notice(text) {
  $('notice').textContent = text
  $('notice').className = 'ok'
  errors.action = ''
  showErrors()
}
function failed(what, e) {
  errors.action = what + ' failed: ' + e.message
  $('notice').textContent = ''
  showErrors()
}

const shortId = (id) => (id.length > 20 ? id.slice(0, 8) + '…' : id)
const shortAddress = (a) => (a.length > 18 ? a.slice(0, 8) + '…' + a.slice(-6) : a)
const abbr = (full, short) => el('span', { class: 'mono', title: full, text: short })

function when(iso) {
  const s = Math.round((Date.now() - Date.parse(iso)) / 1000)
  const text =
    s < 60
      ? 'just now'
      : s < 3600
        ? Math.floor(s / 60) + ' min ago'
        : s < 86400
          ? Math.floor(s / 3600) + ' h ago'
          : Math.floor(s / 86400) + ' d ago'
  return el('time', { datetime: iso, title: new Date(iso).toLocaleString(), text })
}

function destinationCell(w) {
  const same = (c) =>
    c.network === w.network &&
    (c.address === w.destination ||
      (w.destination.startsWith('0x') && c.address.toLowerCase() === w.destination.toLowerCase()))
  const known = destinations.find(same)
  return el(
    'td',
    null,
    known ? known.label + ' ' : null,
    abbr(w.destination + ' on ' + w.network, shortAddress(w.destination)),
  )
}

/** Replaces a table body only when its content changed, and puts the keyboard focus back on the same button. */
function renderRows(tbody, key, rows, emptyText, colspan) {
  if (lastRender[tbody.id] === key) return
  lastRender[tbody.id] = key
  const focused =
    document.activeElement && tbody.contains(document.activeElement) ? document.activeElement.dataset.focus : null
  tbody.replaceChildren(
    ...(rows.length ? rows : [el('tr', null, el('td', { colspan: String(colspan), class: 'empty', text: emptyText }))]),
  )
  if (focused) {
    const again = tbody.querySelector('[data-focus="' + CSS.escape(focused) + '"]')
    if (again) again.focus()
  }
}

const nextActions = (status) => Object.keys(config.actions).filter((a) => config.actions[a].includes(status))
const amountText = (w) => w.amount + ' ' + w.asset

function payoutRow(w) {
  const buttons = nextActions(w.status).map((action) =>
    el('button', {
      type: 'button',
      class: PRIMARY.has(action) ? 'primary' : 'danger',
      'data-focus': w.id + ':' + action,
      'aria-label': LABELS[action] + ' payout of ' + amountText(w) + ' (' + shortId(w.id) + ')',
      text: LABELS[action],
      onclick: () => act(w, action),
    }),
  )
  return el(
    'tr',
    { 'data-id': w.id },
    el('td', null, abbr(w.id, shortId(w.id))),
    el('td', null, abbr(w.wallet_id, shortId(w.wallet_id))),
    el('td', { class: 'num', text: amountText(w) }),
    destinationCell(w),
    el('td', null, el('span', { class: 'status ' + w.status, text: w.status.replace('_', ' ') })),
    el('td', null, when(w.created_at)),
    el('td', null, el('div', { class: 'actions' }, ...buttons)),
  )
}

function finishedRow(w) {
  return el(
    'tr',
    null,
    el('td', null, abbr(w.id, shortId(w.id))),
    el('td', null, abbr(w.wallet_id, shortId(w.wallet_id))),
    el('td', { class: 'num', text: amountText(w) }),
    destinationCell(w),
    el('td', null, el('span', { class: 'status ' + w.status, text: w.status })),
    el('td', null, when(w.updated_at)),
    el('td', null, w.tx_hash ? abbr(w.tx_hash, shortAddress(w.tx_hash)) : '—'),
  )
}

function renderPayouts(all) {
  const minute = Math.floor(Date.now() / 60000)
  const newest = (key) => (a, b) => Date.parse(b[key]) - Date.parse(a[key])
  const open = all.filter((w) => !config.terminal.includes(w.status)).sort(newest('created_at'))
  const done = all
    .filter((w) => config.terminal.includes(w.status))
    .sort(newest('updated_at'))
    .slice(0, 25)
  const labels = destinations.map((c) => c.label).join()
  renderRows(
    $('open-payouts'),
    JSON.stringify([open, labels, minute]),
    open.map(payoutRow),
    'Nothing is waiting. Request a payout in the app and it appears here.',
    7,
  )
  renderRows($('done-payouts'), JSON.stringify([done, labels, minute]), done.map(finishedRow), 'None yet.', 7)
  $('recent-count').textContent = String(done.length)
}

function destinationRow(c) {
  const party =
    c.counterparty_type === 'company' ? c.company_name : [c.first_name, c.last_name].filter(Boolean).join(' ')
  const wallet = c.wallet_type === 'vasp' ? 'exchange' + (c.vasp_name ? ' (' + c.vasp_name + ')' : '') : 'self-hosted'
  return el(
    'tr',
    null,
    el(
      'td',
      null,
      el('strong', { text: c.label }),
      party ? el('div', { class: 'hint', text: party + ', ' + c.country }) : null,
    ),
    el('td', { title: c.network, text: c.network_name }),
    el('td', null, abbr(c.address, shortAddress(c.address))),
    el('td', { text: c.counterparty_type + ', ' + wallet }),
    el('td', null, when(c.created_at)),
    el(
      'td',
      null,
      el('button', {
        type: 'button',
        class: 'primary',
        'data-focus': c.id,
        'aria-label': 'Verify destination ' + c.label,
        text: 'Verify',
        onclick: (event) => verify(c, event.currentTarget),
      }),
    ),
  )
}

function renderFaults(faults) {
  const describe = (f) =>
    (f.method || 'any') +
    ' ' +
    f.path_prefix +
    ' → ' +
    (f.mode === 'status' ? f.status : 'drop after commit') +
    ' ×' +
    f.times
  $('faults-queued').textContent = faults.length ? 'Queued: ' + faults.map(describe).join('; ') : 'No faults queued.'
}

let refreshing = null
function refresh() {
  refreshing ??= (async () => {
    try {
      const [withdrawals, counterparties, faults] = await Promise.all([
        call('GET', 'withdrawals'),
        call('GET', 'counterparties'),
        call('GET', 'faults'),
      ])
      destinations = counterparties
      const pending = counterparties
        .filter((c) => !c.can_send)
        .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
      renderRows(
        $('pending-destinations'),
        JSON.stringify([pending, Math.floor(Date.now() / 60000)]),
        pending.map(destinationRow),
        'Every destination is verified.',
        6,
      )
      renderPayouts(withdrawals)
      renderFaults(faults)
      errors.refresh = ''
    } catch (e) {
      errors.refresh = 'Could not refresh (retrying every 3 s): ' + e.message
    } finally {
      showErrors()
      refreshing = null
    }
  })()
  return refreshing
}

async function whileBusy(buttons, work) {
  for (const b of buttons) b.disabled = true
  try {
    await work()
  } finally {
    for (const b of buttons) if (b.isConnected) b.disabled = false
  }
}

/** After a row leaves the table the focus goes to the row that took its place, so a keyboard user can keep going. */
async function act(w, action) {
  const tbody = $('open-payouts')
  const row = tbody.querySelector('tr[data-id="' + CSS.escape(w.id) + '"]')
  const index = row ? [...tbody.rows].indexOf(row) : 0
  await whileBusy(row ? row.querySelectorAll('button') : [], async () => {
    try {
      await call('POST', 'withdrawals/' + encodeURIComponent(w.id) + '/' + action)
      notice('Payout of ' + amountText(w) + ' (' + shortId(w.id) + ') ' + DONE[action] + '.')
    } catch (e) {
      failed(LABELS[action] + ' ' + shortId(w.id), e)
    }
    await refresh()
  })
  if (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected) return
  const nearest = tbody.rows[Math.min(index, tbody.rows.length - 1)]
  const next =
    tbody.querySelector('tr[data-id="' + CSS.escape(w.id) + '"] button') || (nearest && nearest.querySelector('button'))
  ;(next || $('h-payouts')).focus()
}

async function verify(c, button) {
  await whileBusy([button], async () => {
    try {
      await call('POST', 'counterparties/' + encodeURIComponent(c.id) + '/verify')
      notice('Destination "' + c.label + '" verified; it can now receive payouts.')
    } catch (e) {
      failed('Verify ' + c.label, e)
    }
    await refresh()
  })
  if (document.activeElement === document.body) {
    const first = $('pending-destinations').querySelector('button')
    ;(first || $('h-destinations')).focus()
  }
}

function copyBox(label, value) {
  const out = el('output', { class: 'mono', text: value })
  const button = el('button', {
    type: 'button',
    'aria-label': 'Copy ' + label,
    text: 'Copy',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(value)
        button.textContent = 'Copied'
      } catch {
        getSelection().selectAllChildren(out)
        button.textContent = 'Selected: press Ctrl+C'
      }
    },
  })
  return el('div', { class: 'secret' }, el('span', { class: 'hint', text: label }), out, button)
}

/** Wires a form: its submit button is disabled while the call runs, and errors land on the error line. */
function onSubmit(id, what, work) {
  const form = $(id)
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    await whileBusy(form.querySelectorAll('button'), async () => {
      try {
        await work(new FormData(form), form)
      } catch (e) {
        failed(what, e)
      }
    })
  })
}

const workspace = () => $('key-workspace').value
onSubmit('ed25519-form', 'Register key', async (data, form) => {
  const key = await call('POST', 'keys', {
    workspace_id: workspace(),
    algorithm: 'ed25519',
    public_key: String(data.get('public_key')).trim(),
  })
  $('ed25519-result').replaceChildren(copyBox('key_id', key.key_id))
  form.reset()
  notice('Ed25519 key registered in ' + workspace() + '. Paste the key_id into the app.')
})
onSubmit('hmac-form', 'Create HMAC key', async () => {
  const key = await call('POST', 'keys', { workspace_id: workspace(), algorithm: 'hmac' })
  $('hmac-result').replaceChildren(
    copyBox('key_id', key.key_id),
    copyBox('secret', key.secret),
    el('p', { class: 'hint', text: 'Store the secret now: the console cannot show it again.' }),
  )
  notice('HMAC key created in ' + workspace() + '.')
})
onSubmit('revoke-form', 'Revoke key', async (data, form) => {
  const revoked = await call('POST', 'keys/' + encodeURIComponent(String(data.get('key_id')).trim()) + '/revoke')
  form.reset()
  notice('Key ' + revoked.key_id + ' revoked; requests signed with it now answer 401.')
})

function fillSettings(s) {
  const form = $('settings-form')
  form.elements.rate_limit_per_minute.value = s.rate_limit_per_minute
  form.elements.rate_limit_window_s.value = s.rate_limit_window_s
  form.elements.approver_available.checked = s.approver_available
  form.elements.live_refresh_fails.checked = s.live_refresh_fails
}
onSubmit('settings-form', 'Save settings', async (data, form) => {
  fillSettings(
    await call('POST', 'settings', {
      rate_limit_per_minute: Number(data.get('rate_limit_per_minute')),
      rate_limit_window_s: Number(data.get('rate_limit_window_s')),
      approver_available: form.elements.approver_available.checked,
      live_refresh_fails: form.elements.live_refresh_fails.checked,
    }),
  )
  notice('Settings saved.')
})

const faultForm = $('fault-form')
faultForm.elements.mode.addEventListener('change', () => {
  faultForm.elements.status.disabled = faultForm.elements.mode.value !== 'status'
})
onSubmit('fault-form', 'Inject fault', async (data) => {
  const body = {
    mode: data.get('mode'),
    path_prefix: data.get('path_prefix') || '/api/v1/',
    times: Number(data.get('times') || 1),
  }
  if (data.get('method')) body.method = data.get('method')
  if (body.mode === 'status') body.status = Number(data.get('status'))
  if (data.get('retry_after') !== '') body.retry_after = Number(data.get('retry_after'))
  const fault = await call('POST', 'faults', body)
  notice('Fault queued: the next ' + fault.times + ' matching request(s) fail.')
  await refresh()
})

for (const id of ['h-payouts', 'h-destinations']) $(id).tabIndex = -1
call('GET', 'settings').then(fillSettings, (e) => failed('Load settings', e))
call('GET', 'workspaces').then(
  (list) => {
    const select = $('key-workspace')
    select.replaceChildren(...list.map((w) => el('option', { value: w.id, text: w.name + ' (' + w.id + ')' })))
    select.value = list.some((w) => w.id === 'ws-demo') ? 'ws-demo' : list[0] ? list[0].id : ''
  },
  (e) => failed('Load workspaces', e),
)
refresh()
setInterval(() => {
  if (!document.hidden) refresh()
}, 3000)
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) refresh()
})
`
