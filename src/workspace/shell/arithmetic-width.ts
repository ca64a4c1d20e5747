/**
 * Shifts and `~` in `$(( ))`, `(( ))` and `for (( ))` with GNU bash's 64-bit integers where the
 * result fits a JavaScript number exactly (below 2^53). just-bash evaluates them with JavaScript's
 * 32-bit operators: `$((1<<31))` was -2147483648 (GNU: 2147483648), `$((1<<40))` 256, `$((x>>1))` of
 * 2^40 wrong, each with exit 0. Before the script runs, the parsed expressions are rewritten with the
 * operators just-bash computes on whole numbers:
 *
 * - `a << b` becomes `a * 2 ** b` (and `x <<= b`, `x *= 2 ** b`); a negative `b` then fails with
 *   "exponent less than 0", where GNU shifts by `b` modulo 64;
 * - `a >> b` becomes the floor of `a / 2 ** b`, `(a - (a % p + p) % p) / p` with `p` = `2 ** b`, as
 *   GNU's arithmetic shift rounds down, when `a` and `b` can be evaluated three times (no side effect,
 *   a few operators at most); one with a side effect (`i++ >> 1`) stays 32-bit;
 * - `~a` becomes `-a - 1`.
 *
 * In a rewritten `$(( ))`, `$x` is read as the variable `x`, not as text put into the expression (the
 * same unless `x` holds an expression). `&`, `|` and `^` stay 32-bit (nothing whole-number spells
 * them), as do results of 2^53 and beyond;
 * the bash tool's description says shifts and bitwise operators are 32-bit for those. Imports nothing.
 */

type Node = { [key: string]: unknown };

const number = (value: number): Node => ({ type: 'ArithNumber', value });
const binary = (operator: string, left: unknown, right: unknown): Node => ({
  type: 'ArithBinary',
  operator,
  left,
  right,
});

/** The most nodes an operand a rewrite repeats may have: see {@link isRepeatable}. */
const MAX_REPEATED_NODES = 8;

/** Nodes whose value is the same each time they are read and whose reading changes nothing. */
const PURE = new Set([
  'ArithNumber',
  'ArithVariable',
  'ArithSpecialVar',
  'ArithBinary',
  'ArithUnary',
  'ArithGroup',
]);

/**
 * Whether `node` may be evaluated three times: it has no side effect (no assignment, `++`, `--` or
 * command) and at most {@link MAX_REPEATED_NODES} nodes. The bound keeps nested shifts cheap: each
 * repeated level multiplies the work by three, and only a few levels fit in eight nodes.
 */
function isRepeatable(node: unknown): boolean {
  let count = 0;
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const expr = stack.pop() as Node;
    if (typeof expr !== 'object' || expr === null || !PURE.has(String(expr.type))) return false;
    if (++count > MAX_REPEATED_NODES) return false;
    if (expr.type === 'ArithUnary' && (expr.operator === '++' || expr.operator === '--')) return false;
    if (expr.type === 'ArithBinary') stack.push(expr.left, expr.right);
    else if (expr.type === 'ArithUnary') stack.push(expr.operand);
    else if (expr.type === 'ArithGroup') stack.push(expr.expression);
  }
  return true;
}

/** `floor(a / 2 ** b)` in operators just-bash evaluates on whole numbers. */
function floorShift(a: unknown, b: unknown): Node {
  const power = (): Node => binary('**', number(2), b);
  const remainder = binary('%', binary('+', binary('%', a, power()), power()), power());
  return binary('/', binary('-', a, remainder), power());
}

/** Replaces the fields of `node` with those of `replacement`, in place (parents keep the object). */
function become(node: Node, replacement: Node): void {
  for (const key of Object.keys(node)) delete node[key];
  Object.assign(node, replacement);
}

/** The 64-bit spelling of one arithmetic node, or `undefined` to keep it. */
function widened(node: Node): Node | undefined {
  if (node.type === 'ArithBinary' && node.operator === '<<')
    return binary('*', node.left, binary('**', number(2), node.right));
  if (
    node.type === 'ArithBinary' &&
    node.operator === '>>' &&
    isRepeatable(node.left) &&
    isRepeatable(node.right)
  )
    return floorShift(node.left, node.right);
  if (node.type === 'ArithUnary' && node.operator === '~')
    return binary('-', { type: 'ArithUnary', operator: '-', operand: node.operand, prefix: true }, number(1));
  if (node.type === 'ArithAssignment' && node.operator === '<<=')
    return { ...node, operator: '*=', value: binary('**', number(2), node.value) };
  return undefined;
}

/** Rewrites, in place, the shifts and `~` under `root`; whether it changed any. */
function widenTree(root: unknown): boolean {
  let changed = false;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const node = value as Node;
    if (node.type === 'ArithmeticExpression' && node !== root) {
      // just-bash evaluates `$(( $x << 2 ))` by expanding `$x` in this text and parsing it again,
      // past the rewrite: a rewritten expression is evaluated from its tree, `$x` as the variable x.
      if (widenTree(node.expression)) delete node.originalText;
      continue;
    }
    const replacement = widened(node);
    if (replacement) {
      become(node, replacement);
      changed = true;
    }
    // Not `for…in`, which is ten times slower once just-bash's defense-in-depth ran (script-tree.ts).
    const keys = Object.keys(node);
    for (let index = 0; index < keys.length; index++) {
      const child = node[keys[index] as string];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return changed;
}

/**
 * Rewrites, in place, every shift and `~` of the parsed script (see the file comment). Run as a
 * transform plugin. Returns nothing: no script is refused.
 */
export function widenArithmetic(ast: unknown): undefined {
  widenTree(ast);
  return undefined;
}
