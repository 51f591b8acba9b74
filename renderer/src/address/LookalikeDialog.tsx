import type { LookalikeFindingView } from '@shared/ipc/views'
import { describeFinding } from '@shared/address/lookalike-finding'
import { findNetwork } from '@shared/api/networks'
import { ApproverWords } from './ApproverWords'
import { ChunkedAddress } from './ChunkedAddress'
import { Dialog } from '../components/Dialog'
import { ActionBar } from '../components/ActionBar'

interface Props {
  network: string
  address: string
  findings: readonly LookalikeFindingView[]
  busy: boolean
  onConfirm: () => void
  onClose: () => void
}

/**
 * The side-by-side comparison a person opens before a look-alike destination (or the workspace's own deposit address)
 * is saved: both addresses in groups of 4, what differs marked, where the known one was seen and when.
 */
export function LookalikeDialog({ network, address, findings, busy, onConfirm, onClose }: Props) {
  const format = findNetwork(network)?.format
  const caseInsensitive = format === 'evm' || format === 'bitcoin'
  const own = findings.some((f) => f.kind === 'own')
  return (
    <Dialog title={own ? 'This is your own deposit address' : 'This address looks like one you know'} onClose={onClose}>
      <p>
        {own
          ? 'The new destination is a deposit address of this workspace, not an outside destination.'
          : 'Its first and last 4 characters match a different address. Address poisoning relies on people ' +
            'checking only the ends: compare every group.'}
      </p>
      <div className="lookalike-compare" data-testid="lookalike-compare">
        <div>
          <h3>New destination</h3>
          <ChunkedAddress
            address={address}
            other={findings[0]?.address ?? ''}
            caseInsensitive={caseInsensitive}
            testId="lookalike-new"
          />
          <ApproverWords network={network} address={address} />
        </div>
        {findings.map((f, i) => (
          <div key={i} data-testid="lookalike-known">
            <h3>{f.kind === 'own' ? 'Your deposit address' : 'Known address'}</h3>
            <ChunkedAddress
              address={f.address}
              other={address}
              caseInsensitive={caseInsensitive}
              testId={`lookalike-known-${i}`}
            />
            <ApproverWords network={f.network} address={f.address} />
            <p className="muted small">{describeFinding(f)}</p>
          </div>
        ))}
      </div>
      {/* Not saving is the safe choice, so it is the primary button (issue 54). */}
      <ActionBar>
        <button type="button" className="primary" onClick={onClose}>
          Do not save
        </button>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          I compared them: save the new address
        </button>
      </ActionBar>
    </Dialog>
  )
}
