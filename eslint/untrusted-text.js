/**
 * desk/untrusted-text: a label, name, reference, note or provider message reaches the screen or the terminal only
 * through the one formatter (shared/text: `shown`, `shownLine`, the renderer's <UserText>). The rule follows a
 * field read (`c.label`, `w.name`, `err.message`) up through expressions that pass it on unchanged (`a || b`,
 * `x ? a : b`, `a?.b`, templates, `+`) and reports it when it lands in JSX (a child or an attribute) or in an argument
 * of a printing call (`ctx.out`, `ctx.err`) without passing a call first (a call, like a component's prop, decides how
 * to show its argument).
 */
const PASS_THROUGH = new Set([
  'LogicalExpression',
  'ConditionalExpression',
  'ChainExpression',
  'TSNonNullExpression',
  'TemplateLiteral',
  'BinaryExpression',
  'TSAsExpression',
])

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          fields: { type: 'array', items: { type: 'string' } },
          sinks: { type: 'array', items: { type: 'string' } },
          safeElements: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      raw:
        '"{{field}}" is untrusted text (it may hold bidi or control characters): show it with <UserText>, ' +
        'shown() or shownLine`` from shared/text.',
    },
  },
  create(context) {
    const { fields = [], sinks = [], safeElements = ['UserText'] } = context.options[0] ?? {}
    const names = new Set(fields)
    const sinkNames = new Set(sinks)
    const calleeName = (callee) =>
      callee.type === 'MemberExpression' && !callee.computed
        ? callee.property.name
        : callee.type === 'Identifier'
          ? callee.name
          : null
    const elementName = (el) =>
      el && el.type === 'JSXElement' && el.openingElement.name.type === 'JSXIdentifier'
        ? el.openingElement.name.name
        : null
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier' || !names.has(node.property.name)) return
        // The app's own constant tables (LIMITS.name, NETWORKS) hold no one else's text.
        if (node.object.type === 'Identifier' && /^[A-Z][A-Z0-9_]*$/.test(node.object.name)) return
        // A member used as a callee or as an object of a further read (c.name.length) is not printed itself.
        if (node.parent.type === 'MemberExpression' && node.parent.object === node) return
        if (node.parent.type === 'CallExpression' && node.parent.callee === node) return
        let child = node
        let at = node.parent
        while (at && PASS_THROUGH.has(at.type)) {
          if (at.type === 'LogicalExpression' && at.operator !== '||' && at.operator !== '??' && at.right !== child)
            return
          if (at.type === 'ConditionalExpression' && at.test === child) return
          if (at.type === 'BinaryExpression' && at.operator !== '+') return
          child = at
          at = at.parent
        }
        if (!at) return
        // A component's attribute is its prop: the component decides how it is shown. A DOM element's is printed
        // (title, aria-label).
        const componentProp = at.parent?.type === 'JSXAttribute' && /^[A-Z]/.test(at.parent.parent.name.name ?? '')
        const printed =
          (at.type === 'JSXExpressionContainer' && !componentProp && !safeElements.includes(elementName(at.parent))) ||
          (at.type === 'CallExpression' && at.arguments.includes(child) && sinkNames.has(calleeName(at.callee)))
        if (printed) context.report({ node, messageId: 'raw', data: { field: node.property.name } })
      },
    }
  },
}
