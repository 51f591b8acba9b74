import { z } from 'zod'
import { text } from '../api/text'

/** What an export answers: its id (for progress events and a cancel), the file written, the rows in it. */
export const ExportResultSchema = z.strictObject({
  exportId: text(),
  path: text().nullable(),
  rows: z.number().int(),
  cancelled: z.boolean(),
})
