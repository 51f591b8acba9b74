import { relative, sep } from 'node:path'

/**
 * desk/no-double-cast: `x as unknown as T` (or `<T><unknown>x`) tells the compiler a value is what nothing checked. A
 * row, a file or a library's answer is parsed through its schema instead (electron/core/store/scalar-rows.ts), or
 * narrowed by a check. Only the files the option names may cast so: where the cast IS a type's definition (a brand).
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'no `as unknown as`: parse or check the value instead' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      double:
        '`as unknown as` claims a type nothing checked: parse the value with its zod schema (rowOf/rowsOf for a ' +
        'store row) or narrow it with a check. Allowed only where it defines a brand: {{allow}}.',
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? []
    const file = relative(context.cwd, context.filename).split(sep).join('/')
    if (allow.includes(file)) return {}
    const report = (node) => context.report({ node, messageId: 'double', data: { allow: allow.join(', ') || 'none' } })
    const throughUnknown = (node) =>
      (node.type === 'TSAsExpression' || node.type === 'TSTypeAssertion') &&
      node.typeAnnotation.type === 'TSUnknownKeyword'
    return {
      TSAsExpression(node) {
        if (throughUnknown(node.expression)) report(node)
      },
      TSTypeAssertion(node) {
        if (throughUnknown(node.expression)) report(node)
      },
    }
  },
}
