import { useCurrentProfile } from '../../data/profiles'
import { EmptyState } from '../../components/EmptyState'
import { ScreeningPanel } from './ScreeningPanel'
import { PayeeChangeWaitSetting } from './PayeeChangeWaitSetting'
import { ScreenHead } from '../../components/ScreenHead'

/** Settings › Safety: the lists payouts are screened against and the rules for a payee's changed details. */
export function SafetyScreen() {
  const current = useCurrentProfile()
  return (
    <div>
      <ScreenHead>
        <h1>Safety</h1>
      </ScreenHead>
      {current?.keyId ? (
        <>
          <ScreeningPanel />
          <PayeeChangeWaitSetting />
        </>
      ) : (
        <EmptyState title="No key for this profile yet">
          <p>Screening lists and payee rules belong to a profile with a key: add one in Keys &amp; profiles.</p>
        </EmptyState>
      )}
    </div>
  )
}
