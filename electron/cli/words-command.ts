import { approverWords } from '../../shared/address/approver-words'
import { isValidAddress } from '../../shared/api/address'
import { findNetwork, NETWORKS } from '../../shared/api/networks'
import { DeskError } from '../core/errors'
import { singleCommand } from './command'

/**
 * The four approver words of an address pasted from the provider's console, as the app shows them on every destination
 * and payout review.
 */
export const wordsCommand = singleCommand({
  name: 'words',
  usage: 'words --network ID ADDRESS',
  summary:
    'Prints the four approver words of an address (SHA-256 of "network:address" into the BIP-39 English list; ' +
    'see docs/user-guide.md). ' +
    'Compare them with the words the app shows for the destination or the payout under review.',
  options: { network: { type: 'string' } },
  required: ['network'],
  positionals: ['address'],
  async run(ctx, v, [address]) {
    const network = v.network as string
    if (!findNetwork(network))
      throw new DeskError(
        'invalid_input',
        `${JSON.stringify(network)} is not a network id; one of ${NETWORKS.map((n) => n.id).join(', ')}.`,
      )
    if (!isValidAddress(network, address!))
      throw new DeskError('invalid_input', `${JSON.stringify(address)} is not a valid ${network} address.`)
    ctx.out(approverWords(network, address!).join(' '))
    return 0
  },
})
