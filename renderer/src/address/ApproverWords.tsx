import { approverWords } from '@shared/address/approver-words'

/**
 * The four words the approver compares with the provider's console, by ear or in chat (derivation:
 * shared/address/approver-words.ts).
 */
export function ApproverWords({ network, address }: { network: string; address: string }) {
  return (
    <div className="muted small" data-testid="approver-words">
      Approver words: <strong className="approver-words">{approverWords(network, address).join(' ')}</strong>
    </div>
  )
}
