import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSOLE_ACTIONS } from '../../../electron/simulator/data/withdrawal-lifecycle'
import { startFixture, type Fixture } from './sim-fixture'

let f: Fixture
beforeAll(async () => {
  f = await startFixture('demo')
})
afterAll(() => f.sim.close())

async function page(url: string) {
  const res = await fetch(`${url}/_console/`)
  return { res, html: await res.text() }
}

const inlineScript = (html: string) => {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  expect(scripts).toHaveLength(1)
  return scripts[0]![1]!
}

describe('console page', () => {
  it('is served as uncached HTML naming the environment prominently', async () => {
    const { res, html } = await page(f.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(html).toMatch(/<span class="env" id="env">SANDBOX<\/span>/)
    const production = await page(f.sim.production.url)
    expect(production.html).toMatch(/<span class="env" id="env">PRODUCTION<\/span>/)
    expect(production.html).toContain('<html lang="en" class="production">')
  })

  it('has the sections a person needs, with the tables the script fills', async () => {
    const { html } = await page(f.url)
    for (const heading of [
      'Payouts waiting for a person',
      'Destinations waiting for verification',
      'Keys',
      'Settings',
      'Fault injection',
    ]) {
      expect(html).toContain(`>${heading}</h2>`)
    }
    for (const id of [
      'open-payouts',
      'done-payouts',
      'pending-destinations',
      'key-workspace',
      'ed25519-form',
      'hmac-form',
      'revoke-form',
      'settings-form',
      'fault-form',
      'error',
      'notice',
    ]) {
      expect(html).toContain(`id="${id}"`)
    }
    expect(html).toContain('prefers-color-scheme:dark')
  })

  it('offers exactly the moves the state machine allows, and only console endpoints that exist', async () => {
    const { html } = await page(f.url)
    const config = JSON.parse(/<script id="console-config" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!)
    expect(config.actions).toEqual(Object.fromEntries(Object.entries(CONSOLE_ACTIONS).map(([a, m]) => [a, m.from])))
    expect(config.terminal).toEqual(['completed', 'rejected', 'failed', 'expired', 'cancelled'])
    for (const path of html.matchAll(/href="(\/_console\/[a-z]+)"/g)) {
      expect((await fetch(f.url + path[1]!)).status, path[1]).toBe(200)
    }
  })

  it('carries a script that parses and loads nothing from outside', async () => {
    const { html } = await page(f.url)
    expect(() => new Function(inlineScript(html))).not.toThrow()
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    expect(html).not.toMatch(/@import|url\(/)
  })
})
