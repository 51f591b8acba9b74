import { useCurrentProfile } from '../../data/profiles'
import { EmptyState } from '../../components/EmptyState'
import { ScreeningPanel } from './ScreeningPanel'
import { PayeeChangeWaitSetting } from './PayeeChangeWaitSetting'

/** Settings › Safety: the lists payouts are screened against and the rules for a payee's changed details. */
export function SafetyScreen() {
  const current = useCurrentProfile()
  return (
    <div>
      <div className="screen-head">
        <h1>Safety</h1>
      </div>
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
