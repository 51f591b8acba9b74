/** The main-process log: stderr, one line per event, never request bodies or secrets. */
function line(level: string, message: string, detail?: unknown): void {
  const suffix =
    detail instanceof Error ? ` ${detail.name}: ${detail.message}` : detail === undefined ? '' : ` ${String(detail)}`
  process.stderr.write(`${new Date().toISOString()} ${level} ${message}${suffix}\n`)
}

export const log = {
  info: (message: string, detail?: unknown) => line('info', message, detail),
  warn: (message: string, detail?: unknown) => line('warn', message, detail),
  error: (message: string, detail?: unknown) => line('error', message, detail),
}
