import { HttpError } from '../http-error'
import type { ApiContext, ApiResult } from './context'
import { createCounterparty, listCounterparties } from './counterparties'
import { getTransaction, listTransactions } from './transactions'
import { getWallet, listWallets } from './wallets'
import { cancelWithdrawal, createWithdrawal, getWithdrawal, listWithdrawals } from './withdrawals'

/** Dispatches an authenticated /api/v1 request to its endpoint. */
export function routeApi(ctx: ApiContext): ApiResult {
  const parts = ctx.pathname.slice('/api/v1/'.length).split('/')
  const [resource, rawId, action] = parts
  if (parts.length > 3 || parts.some((p) => p === '')) throw notFound()
  let id: string
  try {
    id = rawId === undefined ? '' : decodeURIComponent(rawId)
  } catch {
    throw new HttpError(400, 'validation_failed', 'The path is not valid.')
  }
  const route =
    `${ctx.method} ` + `${resource}${rawId === undefined ? '' : '/:id'}${action === undefined ? '' : `/${action}`}`
  switch (route) {
    case 'GET wallets':
      return listWallets(ctx)
    case 'GET wallets/:id':
      return getWallet(ctx, id)
    case 'GET transactions':
      return listTransactions(ctx)
    case 'GET transactions/:id':
      return getTransaction(ctx, id)
    case 'GET counterparties':
      return listCounterparties(ctx)
    case 'POST counterparties':
      return createCounterparty(ctx)
    case 'GET withdrawals':
      return listWithdrawals(ctx)
    case 'POST withdrawals':
      return createWithdrawal(ctx)
    case 'GET withdrawals/:id':
      return getWithdrawal(ctx, id)
    case 'POST withdrawals/:id/cancel':
      return cancelWithdrawal(ctx, id)
    default:
      throw notFound()
  }
}

function notFound(): HttpError {
  return new HttpError(404, 'not_found', 'No such endpoint.')
}
