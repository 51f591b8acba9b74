import { auditCommand } from './audit-command'
import { batchCommand } from './batch-command'
import { closeCommand } from './close-command'
import type { CliCommand } from './command'
import { connectorCommand } from './connector-command'
import { demoCommand } from './demo-command'
import { deskCommand } from './desk-command'
import { destinationsCommand } from './destinations-command'
import { heldCommand } from './held-command'
import { agentCommand } from './agent-command'
import { historyCommand } from './history-command'
import { homeCommand } from './home-command'
import { invoiceCommand } from './invoice-command'
import { notifyCommand } from './notify-command'
import { keyCommand } from './key-command'
import { outboxCommand } from './outbox-command'
import { payoutCommand } from './payout-command'
import { personCommand } from './person-command'
import { policyCommand } from './policy-command'
import { profileCommand } from './profile-command'
import { runCommand } from './run-command'
import { screeningCommand } from './screening-command'
import { testCommand } from './test-command'
import { wordsCommand } from './words-command'

/** Every top-level command of `payout-desk`. Add a command by appending it here. */
export const COMMANDS: CliCommand[] = [
  profileCommand,
  keyCommand,
  testCommand,
  outboxCommand,
  payoutCommand,
  batchCommand,
  historyCommand,
  policyCommand,
  heldCommand,
  agentCommand,
  destinationsCommand,
  auditCommand,
  connectorCommand,
  demoCommand,
  wordsCommand,
  homeCommand,
  runCommand,
  invoiceCommand,
  screeningCommand,
  notifyCommand,
  personCommand,
  deskCommand,
  closeCommand,
]
