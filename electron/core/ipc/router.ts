import type { z } from 'zod'
import {
  CHANNELS,
  isChannelName,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type ChannelReply,
} from '../../../shared/ipc/channels'
import type { IpcResult } from '../../../shared/ipc/ipc-error'
import { quoteInput } from '../../../shared/api/text'
import type { Raw } from '../../../shared/text/untrusted-text'
import { DeskError, toIpcError } from '../errors'

const MAX_ISSUE_CHARS = 200
const MAX_SUMMARY_CHARS = 480

export type Handler<C extends ChannelName> = (
  input: z.output<(typeof CHANNELS)[C]['input']>,
) => Promise<ChannelReply<C>> | ChannelReply<C>

export type HandlerTable = { [C in ChannelName]?: Handler<C> }

/**
 * The handlers of one channel group (one file of shared/ipc/channels/): every channel of the group,
 * and only those, so a channel added to the table without its handler does not compile.
 */
export type HandlersFor<T extends object> = { [C in keyof T & ChannelName]: Handler<C> }

/**
 * Runs before every call, ahead of the input's parse (a locked desk says nothing else, not even what is wrong with an
 * input): a DeskError it throws is the call's answer. `input` is as sent.
 */
export type RouterGate = (channel: ChannelName, input: unknown) => Promise<void> | void

export interface RouterLog {
  error(message: string, detail?: unknown): void
}

/** Parses every input with its channel's schema before the handler runs, and every output before it leaves. */
export class Router {
  private readonly handlers: HandlerTable = {}
  private gate: RouterGate = () => undefined

  constructor(private readonly log: RouterLog = { error: () => undefined }) {}

  register(table: HandlerTable): this {
    for (const name of Object.keys(table) as ChannelName[]) {
      if (this.handlers[name]) throw new Error(`IPC channel ${name} registered twice`)
      ;(this.handlers as Record<string, unknown>)[name] = table[name]
    }
    return this
  }

  /** The one gate every call passes (the desk lock): a single place, so no channel can skip it. */
  guard(gate: RouterGate): this {
    this.gate = gate
    return this
  }

  /** The channels that have a handler. */
  registered(): ChannelName[] {
    return Object.keys(this.handlers) as ChannelName[]
  }

  async dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
    if (!isChannelName(channel)) {
      return {
        ok: false,
        error: { code: 'unknown_channel', message: `There is no IPC channel named ${describe(channel)}.` },
      }
    }
    try {
      await this.gate(channel, input)
    } catch (err) {
      if (!(err instanceof DeskError)) this.log.error(`IPC gate of ${channel} failed`, err)
      return { ok: false, error: toIpcError(err) }
    }
    const def = CHANNELS[channel]
    const parsed = def.input.safeParse(input)
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'invalid_input', message: `Invalid input for ${channel}: ${summarize(parsed.error)}` },
      }
    }
    const handler = this.handlers[channel] as ((i: unknown) => Promise<unknown>) | undefined
    if (!handler)
      return { ok: false, error: { code: 'not_supported', message: `${channel} is not available in this build.` } }
    try {
      const output = def.output.safeParse(await handler(parsed.data))
      if (!output.success) {
        this.log.error(`IPC output of ${channel} failed its schema`, summarize(output.error))
        throw new DeskError('internal', `The app produced an invalid answer for ${channel}.`)
      }
      return { ok: true, data: output.data }
    } catch (err) {
      if (!(err instanceof DeskError)) this.log.error(`IPC handler ${channel} failed`, err)
      else if (err.cause !== undefined) this.log.error(`IPC handler ${channel}: ${err.code}`, err.cause)
      return { ok: false, error: toIpcError(err) }
    }
  }

  /**
   * Typed call for in-process callers (tests), which read the answer and never show it: someone else's text comes back
   * as plain strings. Throws the IPC error as a DeskError.
   */
  async call<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Raw<ChannelOutput<C>>> {
    const result = await this.dispatch(channel, input)
    if (!result.ok) throw new DeskError(result.error.code, result.error.message, result.error.requestId)
    return result.data as Raw<ChannelOutput<C>>
  }
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 64)) : typeof value
}

/** A path segment that is someone's input (a record key, an unknown field) is quoted and cut like any echoed input. */
function pathPart(part: PropertyKey): string {
  const s = String(part)
  return /^[A-Za-z0-9_]{1,60}$/.test(s) ? s : quoteInput(s)
}

/**
 * Zod's own messages may repeat what was sent (an unrecognized key, a custom rule's text): each is cut, and so is the
 * whole.
 */
function cut(message: string, max: number): string {
  return message.length > max ? `${message.slice(0, max)}…` : message
}

/** Unknown fields are named the way other echoed input is: quoted, each cut to 60 characters. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys
      .slice(0, 3)
      .map((k) => quoteInput(k))
      .join(', ')}`
  return cut(issue.message, MAX_ISSUE_CHARS)
}

export function summarize(error: z.ZodError): string {
  const issues = error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.map(pathPart).join('.') : 'input'}: ${issueMessage(i)}`)
  return cut(issues.join('; '), MAX_SUMMARY_CHARS)
}
