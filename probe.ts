import { createToolSuite } from './src/index.ts';
import { createJustBashWorkspace } from './src/workspace/just-bash/index.ts';
const suite = createToolSuite({ workspace: () => createJustBashWorkspace({ files: { 'a.txt': 'x' } }) });
await suite.execute('read', { path: 'a.txt' });
for (const n of [5000, 50000]) {
  const args: Record<string, unknown> = { path: 'a.txt' };
  for (let i = 0; i < n; i++) args[`extra_${i}`] = i;
  const t = performance.now();
  const r = await suite.execute('read', args);
  console.log(n, (performance.now() - t).toFixed(1), 'ms', r.output.length);
}
