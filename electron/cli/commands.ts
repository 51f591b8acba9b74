import { auditCommand } from './audit-command'
import type { CliCommand } from './command'
import { connectorCommand } from './connector-command'
import { demoCommand } from './demo-command'
import { historyCommand } from './history-command'
import { keyCommand } from './key-command'
import { outboxCommand } from './outbox-command'
import { profileCommand } from './profile-command'
import { testCommand } from './test-command'

/** Every top-level command of `payout-desk`. Add a command by appending it here. */
export const COMMANDS: CliCommand[] = [profileCommand, keyCommand, testCommand, outboxCommand, auditCommand, historyCommand, connectorCommand, demoCommand]
