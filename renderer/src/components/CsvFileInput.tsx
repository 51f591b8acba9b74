import { DeskCallError } from '../desk'

/**
 * A CSV file the person chooses, read into the page only when it is under the size the core accepts (a bigger one is
 * refused here, naming `what` and the bound, before its bytes are read). The id and aria attributes a `Field` gives
 * its input reach the input.
 */
export function CsvFileInput({
  what,
  maxMb,
  disabled,
  onError,
  onFile,
  ...labelled
}: {
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  what: string
  maxMb: number
  disabled: boolean
  onError: (error: DeskCallError) => void
  onFile: (file: { name: string; text: string }) => void | Promise<void>
}) {
  const pick = async (file: File | undefined) => {
    if (!file) return
    if (file.size > maxMb * 1024 * 1024) {
      onError(new DeskCallError('validation_failed', `${what} was not imported: ${file.name} is over ${maxMb} MB.`))
      return
    }
    await onFile({ name: file.name, text: await file.text() })
  }
  return (
    <input
      {...labelled}
      type="file"
      accept=".csv,text/csv,text/plain"
      disabled={disabled}
      onChange={(e) => void pick(e.target.files?.[0])}
    />
  )
}
