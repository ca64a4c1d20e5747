/**
 * The demo project the workspace starts with: a tiny shop with a rounding bug in `src/cart.ts` and a
 * test runner whose output is long enough to be spilled by the bash tool.
 */

export const DEMO_FILES: Readonly<Record<string, string>> = {
  'README.md': `# Demo shop

A tiny project for the browser-agent-tools playground.

- \`src/cart.ts\`: cart totals (there is a rounding bug: see the tests)
- \`tests/run.sh\`: the test runner; run it with \`bash tests/run.sh\`
`,
  'package.json': `${JSON.stringify({ name: 'demo-shop', version: '1.0.0', private: true, scripts: { test: 'bash tests/run.sh' } }, null, 2)}\n`,
  'src/cart.ts': `export interface Item {
  name: string;
  price: number;
  qty: number;
}

/** The total of a cart, in euros. */
export function total(items: Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.price * item.qty;
  }
  return sum;
}
`,
  'src/format.ts': `/** Formats an amount in euros: 42.5 → "42.50 EUR". */
export function formatEuros(amount: number): string {
  return \`\${amount.toFixed(2)} EUR\`;
}
`,
  'tests/run.sh': `#!/bin/bash
# The demo shop's test runner: one TAP line per case.
echo "TAP version 13"
seq 1 2400 | sed 's/.*/ok & - cart: line item & adds up/'
if grep -q "Math.round" src/cart.ts; then
  echo "ok 2401 - cart: totals are rounded to cents"
else
  echo "not ok 2401 - cart: totals are rounded to cents"
  echo "# expected total([{ price: 0.1, qty: 3 }]) to be 0.3, got 0.30000000000000004"
  exit 1
fi
echo "1..2401"
`,
  'notes/todo.md': `# TODO

- [ ] Fix cart rounding (tests/run.sh fails)
- [ ] Add a CSV export
`,
};
