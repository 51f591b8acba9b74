import { compareChunks } from '@shared/address/address-compare'

/** One address in groups of 4, the characters that differ from the other marked (and named for screen readers). */
export function ChunkedAddress({
  address,
  other,
  caseInsensitive,
  testId,
}: {
  address: string
  other: string
  caseInsensitive: boolean
  testId?: string
}) {
  return (
    <p className="mono lookalike-address" data-testid={testId}>
      {compareChunks(address, other, caseInsensitive).map((group, g) => (
        <span key={g} className="lookalike-group">
          {group.map((c, i) =>
            c.differs ? (
              <mark key={i} className="lookalike-diff" title="differs">
                {c.char}
              </mark>
            ) : (
              <span key={i}>{c.char}</span>
            ),
          )}
        </span>
      ))}
    </p>
  )
}
