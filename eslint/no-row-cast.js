/**
 * desk/no-row-cast: a row SQLite answers (`statement.get()`, `.all()`, `.iterate()`) is what the file on disk holds,
 * which another program may have changed. `as` would tell the compiler its shape without a check; the row is parsed
 * with its zod schema instead (rowOf/rowsOf in electron/core/store/scalar-rows.ts), so a damaged row stops the read
 * with `record_corrupt`. `Promise.all(...)` and a `Map`'s `.get()` (a variable or class field made by `new Map`) hold
 * no row and stay allowed.
 */
const READS = new Set(['get', 'all', 'iterate'])
const COLLECTIONS = new Set(['Map', 'WeakMap'])

const isCollection = (init) =>
  init?.type === 'NewExpression' && init.callee.type === 'Identifier' && COLLECTIONS.has(init.callee.name)

/** The expression a receiver was made from: a variable's initializer, or a class field's (`this.x`). */
function madeFrom(context, receiver) {
  if (receiver.type === 'Identifier') {
    let scope = context.sourceCode.getScope(receiver)
    for (; scope; scope = scope.upper) {
      const variable = scope.set.get(receiver.name)
      if (variable) return variable.defs[0]?.node.init
    }
    return undefined
  }
  if (receiver.type !== 'MemberExpression' || receiver.object.type !== 'ThisExpression') return undefined
  let node = receiver.parent
  while (node && node.type !== 'ClassBody') node = node.parent
  const field = node?.body.find((m) => m.type === 'PropertyDefinition' && m.key.name === receiver.property.name)
  return field?.value
}

const isRowRead = (context, node) =>
  node.type === 'CallExpression' &&
  node.callee.type === 'MemberExpression' &&
  !node.callee.computed &&
  READS.has(node.callee.property.name) &&
  !(node.callee.object.type === 'Identifier' && node.callee.object.name === 'Promise') &&
  !isCollection(madeFrom(context, node.callee.object))

const isConstAssertion = (node) =>
  node.typeAnnotation.type === 'TSTypeReference' &&
  node.typeAnnotation.typeName.type === 'Identifier' &&
  node.typeAnnotation.typeName.name === 'const'

export default {
  meta: {
    type: 'problem',
    docs: { description: 'no `as` on a row a statement read: parse it with its zod schema' },
    schema: [],
    messages: {
      cast:
        '`as` on what `.{{read}}()` answered claims a row type nothing checked: parse it with its zod schema ' +
        '(rowOf/rowsOf in electron/core/store/scalar-rows.ts), so a damaged row stops with record_corrupt.',
    },
  },
  create(context) {
    const check = (node) => {
      if (!isRowRead(context, node.expression) || isConstAssertion(node)) return
      context.report({ node, messageId: 'cast', data: { read: node.expression.callee.property.name } })
    }
    return { TSAsExpression: check, TSTypeAssertion: check }
  },
}
