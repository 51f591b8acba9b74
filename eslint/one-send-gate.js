import { relative, sep } from 'node:path'

/**
 * Every POST of a withdrawal passes the send gate (electron/core/payouts/send-gate.ts): the API client's
 * `createWithdrawal` is called, and a claimed attempt is branded, only in the files the option names (the one
 * place that sends a `ClaimedAttempt`). A new send path elsewhere fails lint instead of skipping the gate.
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'createWithdrawal and SendGate.claimed only where the send gate sends' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      send:
        '{{what}} may be called only in {{allow}}: every POST of a withdrawal passes the send gate ' +
        '(PayoutRequests).',
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? []
    const file = relative(context.cwd, context.filename).split(sep).join('/')
    if (allow.includes(file)) return {}
    const report = (node, what) => context.report({ node, messageId: 'send', data: { what, allow: allow.join(', ') } })
    return {
      CallExpression(node) {
        const callee = node.callee.type === 'ChainExpression' ? node.callee.expression : node.callee
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return
        const name = callee.property.name
        if (name === 'createWithdrawal') report(node, 'createWithdrawal')
        else if (name === 'claimed' && callee.object.type === 'Identifier' && callee.object.name === 'SendGate')
          report(node, 'SendGate.claimed')
      },
      // Taken apart from the client (`const { createWithdrawal } = client`) it would escape the check above.
      Property(node) {
        if (
          node.parent.type === 'ObjectPattern' &&
          node.key.type === 'Identifier' &&
          node.key.name === 'createWithdrawal'
        )
          report(node, 'createWithdrawal')
      },
    }
  },
}
