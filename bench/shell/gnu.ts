/**
 * Section 9's GNU side: `/bin/bash` with `LC_ALL=C` in a temporary directory holding the workload's
 * files. Each call spawns one bash that times the command with its own `time` keyword (wall, user
 * and system time of the command and every process it starts), so neither the spawn nor bash's start
 * is counted, and nothing is subtracted. Output goes to a file outside the directory.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { CallResult } from './workload.ts';

export interface GnuSide {
  /** Runs `command` `repeat` times in a row inside one `time`; the output is that of every call. */
  run(command: string, repeat: number, changes?: string): Promise<CallResult>;
  dispose(): void;
}

/** Versions of what the GNU side runs, for the report: bash, coreutils (sort), sed, grep, awk. */
export async function gnuVersions(): Promise<string> {
  const first = async (program: string, args: string[]): Promise<string> => {
    const { stdout, stderr } = await promisify(execFile)(program, args).catch(
      (error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
    return `${stdout}${stderr}`.split('\n')[0]?.trim() ?? '';
  };
  const versions = await Promise.all([
    first('/bin/bash', ['--version']),
    first('sort', ['--version']),
    first('sed', ['--version']),
    first('grep', ['--version']),
    first('awk', ['-W', 'version']),
  ]);
  return versions.filter((version) => version !== '').join('; ');
}

export function createGnuSide(files: Record<string, string>): GnuSide {
  const base = mkdtempSync(join(tmpdir(), 'bench-shell-'));
  const work = join(base, 'work');
  for (const [path, text] of Object.entries(files)) {
    const absolute = join(work, path);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, text);
  }
  const outFile = join(base, 'out');
  const timeFile = join(base, 'time');
  return {
    async run(command, repeat, changes) {
      const script = [
        "TIMEFORMAT='%3R %3U %3S'",
        `{ time { for ((bench_i = 0; bench_i < ${repeat}; bench_i++)); do`,
        command,
        `done; } >'${outFile}' 2>&1; } 2>'${timeFile}'`,
      ].join('\n');
      await promisify(execFile)('/bin/bash', ['--norc', '--noprofile', '-c', script], {
        cwd: work,
        env: { LC_ALL: 'C', PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work },
      });
      const [wall = Number.NaN, user = Number.NaN, system = Number.NaN] = readFileSync(timeFile, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      const output = readFileSync(outFile, 'utf8');
      const digest = changes
        ? createHash('sha1')
            .update(readFileSync(join(work, changes)))
            .digest('hex')
        : undefined;
      return { wallMs: wall * 1000, cpuMs: (user + system) * 1000, output, digest };
    },
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
}
