/**
 * Puts a script's error output in print order with its normal output, without changing what any command
 * reads or captures.
 *
 * just-bash keeps stdout and stderr apart and hands both back at the end, so `echo 1; ls nope; echo 3`
 * would come back as `1 3` then the error. Prefixing `exec 2>&1` fixes the order but is wrong in
 * just-bash: the merged stderr then also flows into pipes and command substitutions (`ls nope | wc -l`
 * counts the error line, `x=$(ls nope)` captures it), which bash never does. So instead each statement
 * that writes to the terminal is wrapped as `{ statement; } 2>&1`: a group runs in the current shell
 * (variables, `cd` and functions persist), its own pipes and substitutions keep their streams, and the
 * group's error text lands right after its normal text. The bodies of loops, `if`, `case` and groups
 * that do not redirect their output are wrapped statement by statement, so a loop interleaves per
 * iteration; inside one statement (a pipeline, a function call) errors follow that statement's output.
 *
 * Once the script moves its own streams with `exec` (`exec 2>/dev/null`, `exec 2>log`, `exec >out`),
 * nothing after it is wrapped: `2>&1` would then send the shell's own error text to wherever stdout
 * goes, which is what the script turned off. So are the statements that hold such an `exec` deeper down
 * (a function, a group with redirections), and everything after them in the script.
 *
 * Once the script may have turned on `set -u` (a `set` or `shopt` naming nounset anywhere before, in
 * source order), a statement that expands a variable that may be unset is not wrapped either:
 * just-bash ends the script at an unbound variable only outside a compound command, and inside the
 * group it printed the error and went on (`set -u; echo $x; echo after` printed "after" and exited 0,
 * where bash stops). Such a statement's error text comes after the output instead; under `set -u` (and
 * the `set -e` that usually comes with it) an error mostly ends the script there anyway.
 *
 * Once the script may have turned on `set -v`, nothing after it is wrapped: the shell then prints the
 * text of every statement it runs, and would print the wrapper's own `{ :; } 2>&1` after each one.
 * Its error text (the printed statements among it) then comes after the normal output.
 */
import type { Bash } from 'just-bash';
import { visitNodes } from './script-tree.ts';

type ScriptNode = ReturnType<Bash['transform']>['ast'];
type StatementNode = ScriptNode['statements'][number];
type CommandNode = StatementNode['pipelines'][number]['commands'][number];

/** Redirections that leave stdout and stderr where they were (input only). */
const INPUT_ONLY = new Set(['<', '<<', '<<-', '<<<']);

/** Compound commands whose statement lists run with the shell's own stdout and stderr. */
const BODY_TYPES = new Set(['If', 'For', 'CStyleFor', 'While', 'Until', 'Case', 'Group']);

/** The wrapper's template, and what the script has done so far, in source order. */
interface Wrapping {
  template: StatementNode;
  /** It moved its streams with `exec`. */
  streamsMoved: boolean;
  /** It may have turned on `set -u`. */
  nounset: boolean;
  /** It may have turned on `set -v`. */
  verbose: boolean;
}

/**
 * The wrapper's template per shell, parsed once: `bash.transform` parses and prints a script, which
 * took half of this layer's time on a cheap command. The wrappers copy the template's nodes and never
 * change them, so one parse serves every call.
 */
const templates = new WeakMap<Bash, StatementNode | undefined>();

function templateOf(bash: Bash): StatementNode | undefined {
  if (!templates.has(bash)) templates.set(bash, bash.transform('{ :; } 2>&1').ast.statements[0]);
  return templates.get(bash);
}

/** `script` with its terminal-bound statements wrapped; `bash` parses the template of the wrapper. */
export function interleaveErrors(bash: Bash, script: ScriptNode): ScriptNode {
  const template = templateOf(bash);
  if (!template) return script;
  const wrapping: Wrapping = { template, streamsMoved: false, nounset: false, verbose: false };
  return { ...script, statements: wrapStatements(script.statements, wrapping) };
}

function wrapStatements(statements: readonly StatementNode[], wrapping: Wrapping): StatementNode[] {
  return statements.map((statement) => wrapStatement(statement, wrapping));
}

function wrapStatement(statement: StatementNode, wrapping: Wrapping): StatementNode {
  if (wrapping.streamsMoved || wrapping.verbose) return statement;
  const turns = turnedOn(statement);
  if (turns.verbose) {
    wrapping.verbose = true;
    return statement;
  }
  const only = statement.pipelines.length === 1 ? statement.pipelines[0] : undefined;
  const command = only?.commands.length === 1 && !only.negated ? only.commands[0] : undefined;
  if (command && opensBodies(command)) {
    const pipeline = { ...only, commands: [withWrappedBodies(command, wrapping)] };
    return { ...statement, pipelines: [pipeline] } as StatementNode;
  }
  if (movesStreams(statement)) {
    wrapping.streamsMoved = true;
    return statement;
  }
  const unwrapped =
    (command?.type === 'SimpleCommand' && isExec(command)) ||
    command?.type === 'FunctionDef' ||
    (wrapping.nounset && mayBeUnbound(statement));
  if (turns.nounset) wrapping.nounset = true;
  return unwrapped ? statement : grouped(statement, wrapping.template);
}

/** Parameters that are always set, so `set -u` never fails on them. */
const ALWAYS_SET = new Set(['?', '#', '$', '!', '-', '0', '@', '*']);

/**
 * Whether `statement` expands a variable that `set -u` may find unbound, in a word or in `$(( ))`.
 * `${x:-…}` and the like count too: just-bash fails on them within double quotes (`"${x:-d}"`).
 */
function mayBeUnbound(statement: StatementNode): boolean {
  let found = false;
  visitNodes(statement, (node) => {
    if (node.type === 'ArithVariable' || node.type === 'ArithArrayElement') found = true;
    if (node.type === 'ParameterExpansion' && typeof node.parameter === 'string') {
      found = !ALWAYS_SET.has(node.parameter);
    }
    return found;
  });
  return found;
}

/** What a statement may turn on, as far as the wrapping cares. */
interface TurnedOn {
  nounset: boolean;
  verbose: boolean;
}

/**
 * Which of nounset and verbose a `set` or `shopt` in `statement` may turn on, in one walk: `set -u`,
 * `set -euo pipefail`, `set -o nounset`, `shopt -so nounset` (and `-v`, `verbose` alike), or options
 * it cannot read (`set $flags`), which may be either. The operands after `set --` are positional
 * parameters, not options.
 */
function turnedOn(statement: StatementNode): TurnedOn {
  const found: TurnedOn = { nounset: false, verbose: false };
  visitNodes(statement, (node) => {
    const command = node as unknown as CommandNode;
    if (command.type !== 'SimpleCommand' || !isNamed(command, ['set', 'shopt'])) return false;
    const words = command.args.map((word) =>
      word.parts.map((part) => (part.type === 'Literal' ? part.value : '$')).join(''),
    );
    const end = words.indexOf('--');
    const isSet = isNamed(command, ['set']);
    for (const text of end === -1 ? words : words.slice(0, end)) {
      const letters = isSet && /^-[A-Za-z]+$/.test(text) ? text : '';
      const unread = text.includes('$');
      found.nounset ||= unread || letters.includes('u') || text.includes('nounset');
      found.verbose ||= unread || letters.includes('v') || text.includes('verbose');
    }
    return found.nounset && found.verbose;
  });
  return found;
}

/** Whether `statement` holds, anywhere in it, an `exec` with redirections: one that moves the shell's streams. */
function movesStreams(statement: StatementNode): boolean {
  let found = false;
  visitNodes(statement, (node) => {
    const command = node as unknown as CommandNode;
    found = command.type === 'SimpleCommand' && isExec(command) && command.redirections.length > 0;
    return found;
  });
  return found;
}

/** `{ statement; } 2>&1`, keeping the statement's `&`. */
function grouped(statement: StatementNode, template: StatementNode): StatementNode {
  const pipeline = template.pipelines[0];
  const group = pipeline?.commands[0];
  if (!pipeline || group?.type !== 'Group') return statement;
  const inner = { ...statement, background: false };
  return {
    ...template,
    background: statement.background,
    pipelines: [{ ...pipeline, commands: [{ ...group, body: [inner] }] }],
  };
}

function opensBodies(command: CommandNode): boolean {
  if (!BODY_TYPES.has(command.type) || !('redirections' in command)) return false;
  return command.redirections.every((redirection) => INPUT_ONLY.has(redirection.operator));
}

/** `exec` changes the shell's own descriptors: inside a group it would not outlive the group. */
function isExec(command: CommandNode): boolean {
  return isNamed(command, ['exec']);
}

/** Whether `command` is a simple command whose name is one of `names`, written plainly. */
function isNamed(command: CommandNode, names: readonly string[]): boolean {
  if (command.type !== 'SimpleCommand') return false;
  const part = command.name?.parts[0];
  return command.name?.parts.length === 1 && part?.type === 'Literal' && names.includes(part.value);
}

function withWrappedBodies(command: CommandNode, wrapping: Wrapping): CommandNode {
  const wrap = (statements: readonly StatementNode[]): StatementNode[] =>
    wrapStatements(statements, wrapping);
  switch (command.type) {
    case 'If':
      return {
        ...command,
        clauses: command.clauses.map((clause) => ({
          condition: wrap(clause.condition),
          body: wrap(clause.body),
        })),
        elseBody: command.elseBody ? wrap(command.elseBody) : null,
      };
    case 'While':
    case 'Until':
      return { ...command, condition: wrap(command.condition), body: wrap(command.body) };
    case 'For':
    case 'CStyleFor':
    case 'Group':
      return { ...command, body: wrap(command.body) };
    case 'Case':
      return { ...command, items: command.items.map((item) => ({ ...item, body: wrap(item.body) })) };
    default:
      return command;
  }
}

/** Where the script's own top-level `exec` last sent its error output, when it moved it away from the terminal. */
export type ErrorTarget = { discard: true } | { discard: false; path: string };

/**
 * Where the script's last top-level `exec 2>…` (or `exec &>…`) sends error output: discarded
 * (`/dev/null`, `2>&-`) or a file named in plain text. `undefined` when the script does not move it, or
 * moves it somewhere this cannot tell (a variable, another descriptor: `exec 2>&1`).
 *
 * just-bash routes what commands print through such an `exec`, but hands back the shell's own error
 * text (a bad subscript, a division by zero) apart, as if no `exec` had run; the caller sends that text
 * where the script asked.
 */
export function errorTargetOf(script: ScriptNode): ErrorTarget | undefined {
  let target: ErrorTarget | undefined;
  for (const statement of script.statements) {
    const command = statement.pipelines.length === 1 ? statement.pipelines[0]?.commands[0] : undefined;
    if (command?.type !== 'SimpleCommand' || !isExec(command) || command.args.length > 0) continue;
    for (const redirection of command.redirections) {
      const fd = redirection.fd ?? (redirection.operator.startsWith('&') ? 2 : 1);
      if (fd !== 2) continue;
      target = redirectionTarget(redirection);
    }
  }
  return target;
}

type RedirectionNode = Extract<CommandNode, { type: 'SimpleCommand' }>['redirections'][number];

function redirectionTarget(redirection: RedirectionNode): ErrorTarget | undefined {
  const word = redirection.target.type === 'Word' ? redirection.target : undefined;
  const part = word?.parts.length === 1 ? word.parts[0] : undefined;
  const text = part?.type === 'Literal' || part?.type === 'SingleQuoted' ? part.value : undefined;
  if (text === undefined) return undefined;
  if (redirection.operator === '>&') return text === '-' ? { discard: true } : undefined;
  if (!['>', '>>', '>|', '&>', '&>>'].includes(redirection.operator)) return undefined;
  return text === '/dev/null' ? { discard: true } : { discard: false, path: text };
}
