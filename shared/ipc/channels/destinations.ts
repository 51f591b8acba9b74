import { z } from 'zod'
import { text } from '../../api/text'
import { channels } from '../channel'
import { ExportResultSchema } from '../export-result'

/**
 * The file as the page read it: base64 of its bytes (10 MB is at most 13,981,014 characters; more is refused before
 * decoding).
 */
export const DestinationFileSchema = z.strictObject({ source: text().min(1).max(260), base64: text().max(14_000_000) })

export const ImportProblemSchema = z.strictObject({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
})

export const ImportProgressSchema = z.strictObject({
  importId: z.string(),
  source: z.string(),
  intent: z.enum(['running', 'paused']),
  total: z.number().int(),
  pending: z.number().int(),
  created: z.number().int(),
  existing: z.number().int(),
  failed: z.number().int(),
  finished: z.boolean(),
})

const importId = z.strictObject({ importId: text().min(1).max(64) })

export const destinationChannels = channels({
  /** The whole book to CSV (every field, status, can_send, verified_at); the shell chooses the file. */
  'destinations.export': { input: z.strictObject({}), output: ExportResultSchema },
  /** Reads and checks a whole file; registers nothing. Any problem refuses the file. */
  'destinations.importCheck': {
    input: DestinationFileSchema,
    output: z.strictObject({
      lineCount: z.number().int(),
      newRows: z.number().int(),
      existingRows: z.number().int(),
      problems: z.array(ImportProblemSchema),
    }),
  },
  /** Checks again, records the import and starts registering the new rows in the background, through the pacer. */
  'destinations.importStart': { input: DestinationFileSchema, output: ImportProgressSchema },
  /** Imports of this profile, newest first: the unfinished ones can be resumed after a restart. */
  'destinations.importList': { input: z.strictObject({}), output: z.array(ImportProgressSchema) },
  'destinations.importStatus': {
    input: importId,
    output: z.strictObject({
      progress: ImportProgressSchema,
      running: z.boolean(),
      /** Why the last run stopped early (no answer from the provider, the disk); resume continues. */
      stopped: z.string().nullable(),
      failed: z.array(z.strictObject({ line: z.number().int(), error: z.string() })),
    }),
  },
  'destinations.importPause': { input: importId, output: ImportProgressSchema },
  'destinations.importResume': { input: importId, output: ImportProgressSchema },
})
