import { PassThrough } from 'node:stream'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { runConnector } from '../../electron/core/connector/run-connector'

/**
 * The real connector (runConnector: session, policy, outbox, tools, stdio server) in this process, reached by the MCP
 * SDK client over a pair of streams. Only here can a test move the connector's clock (a day later), which the
 * connector command never offers.
 */
export interface InProcessConnector {
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>
  stderr(): string
  close(): Promise<void>
}

export async function connectInProcess(options: {
  home: string
  profile: string
  now: () => Date
}): Promise<InProcessConnector> {
  const toServer = new PassThrough()
  const toClient = new PassThrough()
  const stderr = new PassThrough()
  let errText = ''
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString('utf8')))
  const exited = runConnector({
    dataDir: options.home,
    profile: options.profile,
    version: 'test',
    stdin: toServer,
    stdout: toClient,
    stderr,
    now: options.now,
  })
  const client = new Client({ name: 'in-process-test', version: '1.0.0' })
  await client.connect(new StreamTransport(toClient, toServer))
  return {
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    stderr: () => errText,
    async close() {
      await client.close()
      await exited
    },
  }
}

/** The client side of a stdio connection, over streams instead of a child process. */
class StreamTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private readonly buffer = new ReadBuffer()

  constructor(
    private readonly input: PassThrough,
    private readonly output: PassThrough,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk)
      for (let m = this.buffer.readMessage(); m !== null; m = this.buffer.readMessage()) this.onmessage?.(m)
    })
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.output.write(serializeMessage(message))
  }

  async close(): Promise<void> {
    this.output.end()
    this.onclose?.()
  }
}
