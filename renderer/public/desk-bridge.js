// @ts-check
/* global window, location */
// The browser demo's `window.desk`: the same { invoke, on } the Electron preload exposes, carried over a
// WebSocket to the demo server on this page's own origin. Only the demo server adds this script to the page.
;(() => {
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  const address = `${scheme}://${location.host}/desk-bridge?token=${encodeURIComponent(token)}`
  /** @type {Map<number, (result: unknown) => void>} */
  const pending = new Map()
  /** @type {Map<string, Set<(payload: unknown) => void>>} */
  const listeners = new Map()
  /** @type {string[]} */
  let queue = []
  let nextId = 1
  /** @type {WebSocket | null} */
  let socket = null

  /** @type {(message: string) => import('../../shared/ipc/ipc-error').IpcResult<never>} */
  const closedError = (message) => ({ ok: false, error: { code: 'bridge_closed', message } })

  function connect() {
    const ws = new WebSocket(address)
    socket = ws
    ws.addEventListener('open', () => {
      for (const message of queue) ws.send(message)
      queue = []
    })
    ws.addEventListener('message', (event) => {
      let message
      try {
        message = JSON.parse(String(event.data))
      } catch {
        return
      }
      if (typeof message.event === 'string') {
        for (const listener of listeners.get(message.event) ?? []) listener(message.payload)
        return
      }
      const resolve = pending.get(message.id)
      if (!resolve) return
      pending.delete(message.id)
      resolve(message.result)
    })
    ws.addEventListener('close', () => {
      if (socket !== ws) return
      socket = null
      queue = []
      const failure = closedError(
        'The demo server closed the connection or refused this page. Is `npm run demo` still running? Open the link ' +
          'it printed.',
      )
      for (const resolve of pending.values()) resolve(failure)
      pending.clear()
    })
  }

  /** @param {string} channel @param {unknown} input */
  function invoke(channel, input) {
    return new Promise((resolve) => {
      const id = nextId++
      const message = JSON.stringify({ id, channel, input: input ?? {} })
      pending.set(id, resolve)
      if (!socket) connect()
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(message)
      else queue.push(message)
    })
  }

  /** @param {string} event @param {(payload: unknown) => void} listener */
  function on(event, listener) {
    const set = listeners.get(event) ?? new Set()
    set.add(listener)
    listeners.set(event, set)
    if (!socket) connect()
    return () => {
      set.delete(listener)
    }
  }

  connect()
  /** @type {import('../../shared/ipc/bridge').DeskBridge} */
  const desk = {
    invoke: /** @type {import('../../shared/ipc/bridge').DeskBridge['invoke']} */ (invoke),
    on: /** @type {import('../../shared/ipc/bridge').DeskBridge['on']} */ (on),
  }
  Object.defineProperty(window, 'desk', { value: Object.freeze(desk), writable: false, configurable: false })
})()
