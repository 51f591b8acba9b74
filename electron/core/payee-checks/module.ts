import type { HandlerTable } from '../ipc/router'
import { payeeCheckHandlers, type PayeeCheckDeps, type PayeeCheckSession } from './handlers'

/**
 * The payee-checks feature's IPC doors: altered withdrawals, screening lists, payee changes, a payout's checks. The
 * ports it takes (payouts' cancel, people's four eyes) come from the composition root, so it imports neither feature.
 */
export const payeeCheckDoors = <S extends PayeeCheckSession>(ports: PayeeCheckDeps<S>): HandlerTable =>
  payeeCheckHandlers(ports)
