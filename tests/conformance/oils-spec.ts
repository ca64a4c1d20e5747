/**
 * A reader of the Oils shell's spec-test files (tests/conformance/oils/*.test.sh), following the
 * Oils harness's own reader (test/sh_spec.py in the Oils repository) line for line where it matters,
 * since the expectations were written against what that reader makes of a file:
 *
 * - `#### name` starts a case; `## key: value` lines before or after its code are its metadata:
 *   `stdout` (the value plus a newline), `stdout-json` (a JSON string), `status`, `stderr…`, `code`
 *   (the code on one line), and `## STDOUT:` … `## END` for several lines (`## END` is optional: the
 *   next `##` line also ends the block).
 * - `## OK bash …`, `## BUG bash/mksh …`, `## N-I dash/bash …` (also `OK-2`, `BUG-2`) say what the
 *   shells named (split on `/`) do instead. For bash, what the bash lines give wins, key by key;
 *   the rest comes from the plain lines; no `status` at all means 0; no `stdout` means stdout is not
 *   compared.
 * - Lines whose first non-blank character is `#` are dropped everywhere, in code and in STDOUT blocks
 *   too (the Oils reader does so, so its shells never see them), and blank lines are dropped between
 *   cases but kept inside code and blocks.
 */

/** What bash is expected to do in one case. */
export interface BashExpectation {
  /** The expected stdout, exactly; `undefined` when the case does not say (stdout is then not compared). */
  stdout: string | undefined;
  status: number;
  /** `OK`, `BUG`, `N-I`… when the case gives bash lines of its own. */
  qualifier: string | undefined;
}

/** One case of a spec file. */
export interface SpecCase {
  name: string;
  /** Line of its `####` header, counted from 1. */
  line: number;
  /** The code the harness runs, comment lines dropped. */
  code: string;
  bash: BashExpectation;
}

/** A parsed spec file: its header metadata (`compare_shells`, …) and its cases. */
export interface SpecFile {
  metadata: Record<string, string>;
  cases: SpecCase[];
}

/** The metadata of one case: the plain keys, and those of each shell a qualifier names. */
interface CaseFields {
  plain: Record<string, string>;
  shells: Record<string, { qualifier: string; fields: Record<string, string> }>;
}

type Token =
  | { kind: 'begin'; line: number; name: string }
  | {
      kind: 'keyValue' | 'multiline';
      line: number;
      qualifier?: string;
      shells?: string;
      key: string;
      value: string;
    }
  | { kind: 'end' | 'eof'; line: number }
  | { kind: 'plain'; line: number; text: string };

/** `## [OK|BUG|N-I shells] key: value`, as sh_spec.py's KEY_VALUE_RE reads it. */
const KEY_VALUE = /^##\s+(?:(OK(?:-\d)?|BUG(?:-\d)?|N-I)\s+([\w+/]+)\s+)?([\w-]+):\s*(.*)/;
const END_MULTILINE = /^##\s+END/;

/**
 * The file's lines, each classified as sh_spec.py's tokenizer does. `raw` keeps blank lines (inside
 * code and blocks); between cases they are skipped. `null` marks a line that is skipped (a comment).
 */
function classify(text: string, number: number, raw: boolean): Token | null {
  if (!raw && text.trim() === '') return null;
  if (text.startsWith('####')) return { kind: 'begin', line: number, name: text.slice(4).trim() };
  const match = KEY_VALUE.exec(text);
  if (match) {
    const [, qualifier, shells, key = '', rest = ''] = match;
    // The Oils reader adds the newline the line's value lacks to single-line outputs.
    const value = key === 'stdout' || key === 'stderr' ? `${rest}\n` : rest;
    const kind = key === 'STDOUT' || key === 'STDERR' ? 'multiline' : 'keyValue';
    return { kind, line: number, key, value, ...(qualifier ? { qualifier, shells } : {}) };
  }
  if (END_MULTILINE.test(text)) return { kind: 'end', line: number };
  if (text.startsWith('##')) throw new Error(`line ${number}: invalid ## line ${JSON.stringify(text)}`);
  if (text.trimStart().startsWith('#')) return null;
  return { kind: 'plain', line: number, text };
}

/** A cursor over the file's lines that classifies the next one in the mode the reader asks for. */
class Tokens {
  private readonly lines: string[];
  private index = 0;
  current: Token;

  constructor(text: string) {
    // Each line keeps its newline, as Python's readline gives it.
    this.lines = text.split(/(?<=\n)/).filter((line) => line !== '');
    this.current = this.next(false);
  }

  next(raw: boolean): Token {
    for (;;) {
      const text = this.lines[this.index];
      this.index += 1;
      if (text === undefined) {
        this.current = { kind: 'eof', line: this.index };
        return this.current;
      }
      const token = classify(text.replace(/\n$/, ''), this.index, raw);
      if (token) {
        this.current = token.kind === 'plain' ? { ...token, text } : token;
        return this.current;
      }
    }
  }
}

/** Parses a spec file. Throws on what the Oils reader rejects (a stray `##` line, a case without code). */
export function parseSpecFile(text: string): SpecFile {
  const tokens = new Tokens(text);
  const metadata: Record<string, string> = {};
  while (tokens.current.kind === 'keyValue') {
    metadata[tokens.current.key] = tokens.current.value;
    tokens.next(false);
  }
  const cases: SpecCase[] = [];
  while (tokens.current.kind !== 'eof') cases.push(parseCase(tokens));
  return { metadata, cases };
}

function parseCase(tokens: Tokens): SpecCase {
  const begin = tokens.current;
  if (begin.kind !== 'begin') throw new Error(`line ${begin.line}: expected a #### line`);
  tokens.next(false);
  const fields: CaseFields = { plain: {}, shells: {} };
  readMetadata(tokens, fields);
  // `## code:` gives the code on one line; then nothing more belongs to the case.
  const code = fields.plain.code ?? readCode(tokens);
  if (fields.plain.code === undefined) readMetadata(tokens, fields);
  return { name: begin.name, line: begin.line, code, bash: bashExpectation(fields) };
}

function readCode(tokens: Tokens): string {
  if (tokens.current.kind !== 'plain') throw new Error(`line ${tokens.current.line}: expected code`);
  let code = '';
  while (tokens.current.kind === 'plain') {
    code += tokens.current.text;
    tokens.next(true);
  }
  return code;
}

/** Reads the contiguous `##` lines at the cursor into `fields`. */
function readMetadata(tokens: Tokens, fields: CaseFields): void {
  for (;;) {
    const token = tokens.current;
    if (token.kind === 'keyValue') {
      store(fields, token, token.key, token.value);
      tokens.next(false);
    } else if (token.kind === 'multiline') {
      if (token.value !== '')
        throw new Error(`line ${token.line}: ${token.key} takes its value on the next lines`);
      let value = '';
      for (let next = tokens.next(true); next.kind === 'plain'; next = tokens.next(true)) value += next.text;
      store(fields, token, token.key.toLowerCase(), value);
      if (tokens.current.kind === 'end') tokens.next(false);
    } else {
      return;
    }
  }
}

function store(
  fields: CaseFields,
  token: { qualifier?: string; shells?: string },
  key: string,
  value: string,
): void {
  if (token.qualifier === undefined || token.shells === undefined) {
    fields.plain[key] = value;
    return;
  }
  for (const shell of token.shells.split('/')) {
    const entry = fields.shells[shell] ?? { qualifier: token.qualifier, fields: {} };
    entry.fields[key] = value;
    fields.shells[shell] = entry;
  }
}

/** bash's expectation: its own lines key by key (stdout or stdout-json, status), else the plain ones. */
function bashExpectation(fields: CaseFields): BashExpectation {
  const own = fields.shells.bash;
  const stdout = stdoutOf(own?.fields ?? {}) ?? stdoutOf(fields.plain);
  const status = own?.fields.status ?? fields.plain.status ?? '0';
  return { stdout, status: Number.parseInt(status, 10), qualifier: own?.qualifier };
}

function stdoutOf(fields: Record<string, string>): string | undefined {
  if (fields.stdout !== undefined) return fields.stdout;
  const json = fields['stdout-json'];
  return json === undefined ? undefined : (JSON.parse(json) as string);
}
