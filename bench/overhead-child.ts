/**
 * Section 6's measurement in a process of its own, printed as JSON on stdout:
 * `tsx bench/overhead-child.ts [--quick] [--after-shell]`. With `--after-shell`, an embedded workspace
 * (just-bash, as `createJustBashWorkspace` makes it) runs one command first, in this process.
 */
import { createJustBashWorkspace } from '../src/workspace/just-bash/index.ts';
import { measureOverhead, overheadSettings } from './lib/overhead-measure.ts';

const args = process.argv.slice(2);
if (args.includes('--after-shell')) {
  const workspace = await createJustBashWorkspace({ files: { 'note.md': 'hello\n' } });
  const ran = await workspace.exec('tr a-z A-Z < note.md');
  if (ran.output !== 'HELLO\n') throw new Error(`the embedded shell printed ${JSON.stringify(ran.output)}`);
}
const measured = await measureOverhead(overheadSettings(args.includes('--quick')));
process.stdout.write(`${JSON.stringify(measured)}\n`);
