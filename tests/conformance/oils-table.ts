/**
 * Prints the per-file table of the Oils spec tests for docs/backends.md, from the committed record
 * (tests/conformance/oils-expected.json, which oils.test.ts holds the shells to) and the vendored
 * files: nothing runs. `npx tsx tests/conformance/oils-table.ts`.
 *
 * Columns: the cases kept and left out; for the bash tool on the embedded backend, the cases that
 * pass, fail loudly (a non-zero status other than the expected one: the caller sees an error) and
 * fail silently (status 0 or the expected one, with other output); then the passes on the
 * WebContainer backend (over its stand-in) and in raw just-bash.
 */
import { readExpectations, type Shell } from './oils-expectations.ts';
import { loadCases } from './oils-run.ts';

interface Row {
  file: string;
  cases: number;
  excluded: number;
  failing: Record<Shell, { loud: number; silent: number }>;
}

function rows(): Row[] {
  const expectations = readExpectations();
  const byFile = new Map<string, Row>();
  const rowOf = (file: string): Row => {
    const row = byFile.get(file) ?? {
      file,
      cases: 0,
      excluded: 0,
      failing: {
        embedded: { loud: 0, silent: 0 },
        webcontainer: { loud: 0, silent: 0 },
        raw: { loud: 0, silent: 0 },
      },
    };
    byFile.set(file, row);
    return row;
  };
  for (const specCase of loadCases()) rowOf(specCase.file).cases += 1;
  for (const excluded of expectations.excluded) rowOf(fileOf(excluded.case)).excluded += 1;
  for (const failure of expectations.failures) {
    const row = rowOf(fileOf(failure.case));
    for (const shell of ['embedded', 'webcontainer', 'raw'] as const) {
      const verdict = failure[shell];
      if (verdict !== 'pass') row.failing[shell][verdict] += 1;
    }
  }
  return [...byFile.values()].sort((a, b) => a.file.localeCompare(b.file));
}

function fileOf(id: string): string {
  return id.slice(0, id.lastIndexOf(':'));
}

/** Passes on `shell` among the row's kept cases. */
function passes(row: Row, shell: Shell): number {
  const { loud, silent } = row.failing[shell];
  return row.cases - row.excluded - loud - silent;
}

function line(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

function percent(count: number, of: number): string {
  return `${count} (${((100 * count) / of).toFixed(1)} %)`;
}

function table(all: readonly Row[]): string {
  const lines = [
    line(['File', 'Kept', 'Left out', 'Pass', 'Loud', 'Silent', 'WebContainer pass', 'Raw just-bash pass']),
    line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
  ];
  for (const row of all) {
    const kept = row.cases - row.excluded;
    const { loud, silent } = row.failing.embedded;
    const cells = [row.file, kept, row.excluded, passes(row, 'embedded'), loud, silent];
    lines.push(line([...cells, passes(row, 'webcontainer'), passes(row, 'raw')]));
  }
  const sum = (count: (row: Row) => number): number => all.reduce((total, row) => total + count(row), 0);
  const kept = sum((row) => row.cases - row.excluded);
  lines.push(
    line([
      `**All ${all.length} files**`,
      kept,
      sum((row) => row.excluded),
      percent(
        sum((row) => passes(row, 'embedded')),
        kept,
      ),
      sum((row) => row.failing.embedded.loud),
      sum((row) => row.failing.embedded.silent),
      percent(
        sum((row) => passes(row, 'webcontainer')),
        kept,
      ),
      percent(
        sum((row) => passes(row, 'raw')),
        kept,
      ),
    ]),
  );
  return lines.join('\n');
}

console.log(table(rows()));
