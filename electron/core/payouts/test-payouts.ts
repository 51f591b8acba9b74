import type { CreateWithdrawal } from '../../../shared/api/requests'
import type { TestPayoutView } from '../../../shared/ipc/channels/first-payouts'
import { restAmount, testAmountProblem } from '../../../shared/payouts/test-amount'
import { DeskError } from '../errors'
import { CorruptRecordError, type DeskStore } from '../store'
import { testPayoutRepo, type TestPayoutRecord } from '../store/payouts/test-payout-repo'
import type { PayoutRequests, PayoutResult, RequestOptions } from './payout-requests'

/** Provider statuses after which the test payout will never arrive. */
const NEVER_ARRIVES: ReadonlySet<string> = new Set(['rejected', 'failed', 'expired', 'cancelled'])

/**
 * "Send a test amount first": a small payout to the destination, followed to completion (the session's poller keeps
 * the provider's answers in the store), then the rest (full − test) to the same destination, once. Each test payout
 * and the full amount it stands for are recorded with its outbox entry, so a restart still offers the rest.
 */
export class TestPayouts {
  constructor(
    private readonly store: DeskStore,
    private readonly payouts: PayoutRequests,
  ) {}

  /** Sends `testAmount` of `body` now (more than 0, less than the full amount); the rest keeps the same reference. */
  async request(
    body: CreateWithdrawal,
    testAmount: string,
    requestedBy: string,
    reference?: string,
    retypedAmount: string | null = null,
  ): Promise<PayoutResult> {
    const problem = testAmountProblem(testAmount, body.amount, body.asset)
    if (problem) throw new DeskError('invalid_input', problem)
    const at = this.payouts.outbox.now().toISOString()
    const alongside = (key: string) => this.repo().insert(key, body.amount, at)
    return this.payouts.request(
      { ...body, amount: testAmount.trim() },
      {
        requestedBy,
        alongside,
        reference,
        retypedAmount,
      },
    )
  }

  /**
   * Test payouts whose rest is still owed, each with how far the test has come; one whose outbox row is damaged is left
   * out (the outbox reports it).
   */
  list(): TestPayoutView[] {
    return this.store
      .read('read the test payouts', () => this.repo().open())
      .flatMap((r) => {
        try {
          return [this.view(r)]
        } catch (err) {
          if (err instanceof CorruptRecordError) return []
          throw err
        }
      })
  }

  /** The body the rest is sent with: the test payout's, with the rest's amount. Refused unless the test completed. */
  restOf(testKey: string): CreateWithdrawal {
    const view = this.view(this.store.read('read the test payout', () => this.repo().get(testKey)))
    if (view.state !== 'completed') {
      throw new DeskError(
        'invalid_input',
        view.state === 'failed'
          ? 'The test payout did not arrive, so its rest is not offered.'
          : 'The test payout has not completed yet; the rest is offered once it has.',
      )
    }
    return { ...view.body, amount: view.restAmount }
  }

  /** Sends the rest of a completed test payout, once: a second request for it is refused. */
  async requestRest(
    testKey: string,
    requestedBy: string,
    extra: Pick<RequestOptions, 'checked' | 'retypedAmount'> = {},
  ): Promise<PayoutResult> {
    const reference = this.payouts.outbox.get(testKey).reference ?? undefined
    return this.payouts.request(this.restOf(testKey), {
      requestedBy,
      alongside: (key) => this.repo().setRest(testKey, key),
      reference,
      ...extra,
    })
  }

  dismiss(testKey: string): void {
    this.store.transaction('drop the rest of a test payout', () =>
      this.repo().dismiss(testKey, new Date().toISOString()),
    )
  }

  private repo() {
    return this.store.repo(testPayoutRepo)
  }

  private view(r: TestPayoutRecord): TestPayoutView {
    const entry = this.payouts.outbox.get(r.testKey)
    const withdrawal = entry.withdrawalId
      ? this.store.read(
          'read the payout status',
          () => this.store.withdrawals.get(entry.withdrawalId!)?.withdrawal ?? null,
        )
      : null
    const status = withdrawal?.status ?? entry.state
    const failed = entry.state === 'refused' || entry.state === 'discarded' || NEVER_ARRIVES.has(status)
    return {
      testKey: r.testKey,
      body: entry.body,
      fullAmount: r.fullAmount,
      restAmount: restAmount(r.fullAmount, entry.body.amount),
      createdAt: r.createdAt,
      state: failed ? 'failed' : status === 'completed' ? 'completed' : 'waiting',
      status,
      reason: failed ? (entry.error?.message ?? null) : null,
      withdrawalId: entry.withdrawalId,
    }
  }
}
