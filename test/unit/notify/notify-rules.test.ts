import { describe, expect, it } from 'vitest'
import { channelView } from '../../../electron/core/notify/channels'
import { checkEmailAddress, checkSmtpUrl, checkWebhookUrl } from '../../../electron/core/notify/target-url'
import {
  dayIn,
  digestDue,
  isQuiet,
  parseQuiet,
  timeLeft,
  timeZoneProblem,
  waitedOf,
} from '../../../shared/notify/notify-settings'
import { chatText } from '../../../shared/text/chat-text'

const MIN = 60_000

describe('a name in a chat message is text', () => {
  it('writes Slack mentions, links and markup so they show as typed', () => {
    expect(chatText('<!channel> hi')).toBe('`&lt;!channel&gt; hi`')
    expect(chatText('<https://evil.example|click>')).toBe('`&lt;https://evil.example|click&gt;`')
    expect(chatText('@here *bold* _it_ ~x~')).toBe('`@here *bold* _it_ ~x~`')
    expect(chatText('a`b')).toBe("`a'b`")
    expect(chatText('Tom & Jerry')).toBe('`Tom &amp; Jerry`')
  })
  it('shows what hides or reorders text as its code', () => {
    expect(chatText('ab\u202Ecd\nx')).toBe('`ab[U+202E]cd[U+000A]x`')
  })
})

describe('the settings rules', () => {
  it('asks Intl about time zones', () => {
    expect(timeZoneProblem('Europe/Berlin')).toBeNull()
    expect(timeZoneProblem('Mars/Olympus')).toMatch(/no time zone Intl knows/)
  })
  it('quiet hours across midnight, in the zone', () => {
    const quiet = { from: '22:00', to: '07:00' }
    expect(isQuiet(new Date('2026-01-15T21:30:00Z'), { quiet, timeZone: 'UTC' })).toBe(false)
    // 21:30 UTC is 22:30 in Berlin in winter.
    expect(isQuiet(new Date('2026-01-15T21:30:00Z'), { quiet, timeZone: 'Europe/Berlin' })).toBe(true)
    expect(isQuiet(new Date('2026-01-15T06:59:00Z'), { quiet, timeZone: 'UTC' })).toBe(true)
    expect(isQuiet(new Date('2026-01-15T07:00:00Z'), { quiet, timeZone: 'UTC' })).toBe(false)
    expect(parseQuiet('22:00-07:00')).toEqual(quiet)
    expect(parseQuiet('25:00-07:00')).toEqual({ problem: expect.stringMatching(/HH:MM-HH:MM/) })
    expect(parseQuiet('07:00-07:00')).toHaveProperty('problem')
  })
  it('the digest is due from its time of day, and its day is the zone’s', () => {
    expect(digestDue(new Date('2026-01-15T08:59:00Z'), { digestAt: '09:00', timeZone: 'UTC' })).toBe(false)
    expect(digestDue(new Date('2026-01-15T09:00:00Z'), { digestAt: '09:00', timeZone: 'UTC' })).toBe(true)
    expect(dayIn(new Date('2026-01-15T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-01-16')
  })
  it('says how much of an approval’s life has passed, only when the profile knows it', () => {
    expect(waitedOf(100 * MIN, 2)).toBe('1 h 40 of 2 h')
    expect(waitedOf(100 * MIN, null)).toBeNull()
    expect(timeLeft(100 * MIN, 2)).toBe('20 min left before the console expires it')
    expect(timeLeft(130 * MIN, 2)).toBe('its approval has expired in the console')
  })
})

describe('where a channel may go', () => {
  it('https anywhere, plain http only on this machine, never quoting the URL', () => {
    expect(checkWebhookUrl('https://hooks.slack.com/services/T/B/secret')).toBe(
      'https://hooks.slack.com/services/T/B/secret',
    )
    for (const local of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://[::1]:8/x'])
      expect(checkWebhookUrl(local)).toBe(local)
    expect(() => checkWebhookUrl('http://hooks.example/secret-path')).toThrow(/only on this machine/)
    expect(() => checkWebhookUrl('http://hooks.example/secret-path')).not.toThrow(/secret-path/)
    expect(() => checkWebhookUrl('ftp://x/y')).toThrow(/https/)
    expect(() => checkWebhookUrl('https://u:p@x/y')).toThrow(/user name or password/)
    expect(() => checkWebhookUrl('not a url secret')).toThrow(/not a valid URL\.$/)
  })
  it('SMTP with TLS or STARTTLS; plain only on this machine', () => {
    expect(checkSmtpUrl('smtps://u:p@mail.example:465').security).toBe('tls')
    expect(checkSmtpUrl('smtp://u:p@mail.example:587').security).toBe('starttls')
    expect(checkSmtpUrl('smtp://u:p@127.0.0.1:2525').security).toBe('plain-local')
    expect(() => checkSmtpUrl('https://mail.example')).toThrow(/smtps:\/\//)
    expect(checkEmailAddress(' approvers@example.com ')).toBe('approvers@example.com')
    expect(() => checkEmailAddress('a@b.c, d@e.f')).toThrow(/one address/)
  })
})

describe('a channel failing for a day', () => {
  it('is said once it has failed, without a success, for 24 hours', () => {
    const row = {
      id: 'c',
      name: 'team',
      kind: 'slack' as const,
      escalation: false,
      recipient: null,
      created_at: '2026-01-01T00:00:00.000Z',
      last_ok_at: null,
      last_error: 'answered HTTP 500',
      last_error_at: '2026-01-02T00:00:00.000Z',
      failing_since: '2026-01-01T00:00:00.000Z',
    }
    expect(channelView(row, new Date('2026-01-01T23:59:00Z')).failingForADay).toBe(false)
    expect(channelView(row, new Date('2026-01-02T00:00:00Z')).failingForADay).toBe(true)
    expect(channelView({ ...row, failing_since: null }, new Date('2026-02-01T00:00:00Z')).failingForADay).toBe(false)
  })
})
