/**
 * `trap` for the embedded shell. just-bash has no `trap`: `trap 'rm -f "$tmp"' EXIT` failed with
 * "command not found", the script went on, and the cleanup never ran, while the call could still exit 0.
 *
 * What runs here, as in GNU bash:
 *
 * - **`trap CMD EXIT`** (or `0`): CMD runs when the script ends, by its last command, by `exit N`
 *   (anywhere, in a function too) or by a failure under `set -e`, with `$?` the exit status, in the
 *   script's shell (its variables and functions). The script exits with that status unless CMD calls
 *   `exit`. `trap - EXIT` and `trap EXIT` reset it, `trap '' EXIT` sets an empty one, `trap` and
 *   `trap -p [SIG…]` print the traps as GNU does.
 * - **A trap on a signal** (`INT`, `TERM`, `HUP`, …) is kept and printed by `trap -p`, and never runs.
 *   That is faithful: GNU runs it only when the signal arrives, and nothing here can send one (there is
 *   no `kill`; a timeout stops the script from outside and is reported as a timeout).
 *
 * Refused, because they would never run here where GNU runs them without any signal: `ERR`, `DEBUG`,
 * `RETURN` and `CHLD` traps with a command, and a trap set in a subshell, a command substitution or a
 * pipeline (GNU runs it when that subshell ends; here it would be forgotten). A `trap` written so in the
 * script refuses the script before anything runs (exit 2, as for a script bash cannot read); one only
 * seen when it runs (a function called from a subshell, `t=ERR; trap … $t`) stops the script, or the
 * subshell, there with the same message.
 *
 * How: a script that mentions `trap` runs inside a wrapper, made of just-bash's own constructs. Its
 * `trap` is a shell function that keeps the commands in variables. The script's statements run as the
 * last command of a pipeline under `shopt -s lastpipe` (`! cat | { …; }`): that runs in the script's
 * own shell, and just-bash ends a pipeline's command at `exit` or at a `set -e` failure without ending
 * the script, so the statements after the pipeline still run: they read the status from `PIPESTATUS`,
 * run the EXIT trap with `$?` set to it, and exit with it. `cat` hands the script's stdin on (a nested
 * `bash -c` may be given one). The wrapper is added after the other plugins, so the statements keep
 * their interleaving and their line numbers. Its own commands are not traced under `set -x`, except
 * one `+ eval 'CMD'` line before the trap's commands, which GNU does not print; `type trap` calls it a
 * function. Only a script whose words mention `trap` is wrapped: a file it `source`s is not parsed
 * here, so a `trap` there, in a script that does not mention it, is "command not found" as before.
 * Imports just-bash's types and script-tree.ts.
 */
import type { Bash } from 'just-bash';
import { type ScriptTreeNode, visitNodes } from './script-tree.ts';

type ScriptNode = ReturnType<Bash['transform']>['ast'];
type StatementNode = ScriptNode['statements'][number];
type TransformPlugin = Parameters<Bash['registerTransformPlugin']>[0];

/** What happened to the script when a trap is refused: the same text says it before and while it runs. */
type Outcome = 'nothing ran' | 'the script was stopped' | 'the subshell was stopped';

/** The refusal of a trap on ERR, DEBUG, RETURN or CHLD. Model-facing: tests pin every word. */
export function trapSignalRefusal(signal: string, outcome: Outcome): string {
  return `bash: trap: ${signal} traps are not supported in this shell, which would never run them; ${outcome}. Only EXIT traps run here (trap CMD EXIT, which also runs on exit N and under set -e); run the command where it is needed instead.`;
}

/** The refusal of a trap set in a subshell. Model-facing: tests pin every word. */
export function trapSubshellRefusal(outcome: Outcome): string {
  return `bash: trap: a trap set in a subshell, a command substitution or a pipeline is not supported in this shell, which would not run it when that subshell ends; ${outcome}. Set the trap in the main script, or run the cleanup at the end of the subshell.`;
}

/** The refusal of `trap -l`. Model-facing: tests pin every word. */
export const TRAP_LIST_REFUSAL =
  'bash: trap: -l is not supported in this shell; the script was stopped. Name signals as HUP, INT, QUIT or TERM (or 1, 2, 3, 15); EXIT (0) is the trap that runs here.';

/** Traps that fire without a signal, which this shell never fires, by the names a script may use. */
const UNSUPPORTED_SIGNALS: Readonly<Record<string, string>> = {
  ERR: 'ERR',
  DEBUG: 'DEBUG',
  RETURN: 'RETURN',
  CHLD: 'CHLD',
  CLD: 'CHLD',
  '17': 'CHLD',
};

/** Linux's signal names by number, 0 being EXIT: the order `trap -p` prints them in. */
const SIGNAL_NAMES =
  'EXIT HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT CHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH IO PWR SYS';

/** `${` in the shell text below, which a template literal would read as its own. */
const $ = '$';

/**
 * The shell functions of `trap`. `__trap_N` holds the command of signal N (unset: no trap).
 * `__trap_number` sets `__trap_at` to a signal's number and returns 0, or returns 1 for a name bash does
 * not know, 2 for one refused here. Every command that may fail stands in a condition, so `set -e` in
 * the script does not stop them; every expansion has a default, for `set -u`. `trap` runs with `set -x`
 * off, so only its own call is traced, as in bash.
 */
const FUNCTIONS = String.raw`__trap_shell=$BASHPID
__trap_names=(${SIGNAL_NAMES})
__trap_usage='trap: usage: trap [-lp] [[arg] signal_spec ...]'
__trap_resume() { { [ -z "$__trap_xtrace" ] || set -x; return "$1"; } 2>/dev/null; }
__trap_number() {
  local spec=${$}{1^^} at
  spec=${$}{spec#SIG}
  case $spec in
    ERR|DEBUG|RETURN) __trap_unsupported=$spec; return 2 ;;
    CHLD|CLD|17) __trap_unsupported=CHLD; return 2 ;;
  esac
  if [[ $spec =~ ^[0-9]+$ ]] && (( 10#$spec < 32 )); then __trap_at=$((10#$spec)); return 0; fi
  for at in "${$}{!__trap_names[@]}"; do
    if [ "${$}{__trap_names[$at]}" = "$spec" ]; then __trap_at=$at; return 0; fi
  done
  return 1
}
__trap_print() {
  local at name value code status=0 q="'" numbers=()
  if [ $# -eq 0 ]; then numbers=("${$}{!__trap_names[@]}"); fi
  for name in "$@"; do
    if __trap_number "$name"; then numbers+=("$__trap_at"); code=0; else code=$?; fi
    if [ "$code" = 1 ]; then echo "bash: trap: $name: invalid signal specification" >&2; status=1; fi
  done
  for at in "${$}{numbers[@]}"; do
    if eval "[ -z \"\${__trap_$at+set}\" ]"; then continue; fi
    eval "value=\$__trap_$at"
    name=${$}{__trap_names[$at]}
    if [ "$at" != 0 ]; then name=SIG$name; fi
    echo "trap -- '${$}{value//$q/$q\\$q$q}' $name"
  done
  return "$status"
}
trap() {
  { __trap_xtrace=${$}{-//[^x]/}; set +x; } 2>/dev/null
  __trap_run "$@"
  { __trap_code=$?; [ -z "$__trap_xtrace" ] || set -x; return "$__trap_code"; } 2>/dev/null
}
__trap_run() {
  case ${$}{1-} in
    -l) echo '${TRAP_LIST_REFUSAL}' >&2; exit 2 ;;
    -p) shift; __trap_print "$@"; return ;;
    --) shift ;;
    -) ;;
    -?*) echo "bash: trap: $1: invalid option" >&2; echo "$__trap_usage" >&2; return 2 ;;
  esac
  if [ $# -eq 0 ]; then __trap_print; return; fi
  if [ "$BASHPID" != "$__trap_shell" ]; then echo '${trapSubshellRefusal('the subshell was stopped')}' >&2; exit 2; fi
  if [[ $1 =~ ^[0-9]+$ ]]; then set -- - "$@"; fi
  if [ $# -eq 1 ]; then
    if __trap_number "$1" || [ $? = 2 ]; then set -- - "$1"; else echo "$__trap_usage" >&2; return 2; fi
  fi
  local action=$1 spec code status=0
  shift
  for spec in "$@"; do
    if __trap_number "$spec"; then code=0; else code=$?; fi
    if [ "$code" = 1 ]; then echo "bash: trap: $spec: invalid signal specification" >&2; status=1; continue; fi
    if [ "$code" = 2 ]; then
      if [ "$action" = - ] || [ -z "$action" ]; then continue; fi
      echo "${trapSignalRefusal('$__trap_unsupported', 'the script was stopped')}" >&2
      exit 2
    fi
    if [ "$action" = - ]; then unset "__trap_$__trap_at"; else eval "__trap_$__trap_at=\$action"; fi
  done
  return "$status"
}
`;

/**
 * The wrapper's pipeline, whose group receives the script's statements, and what runs after it: the
 * EXIT trap with `$?` set to the script's status (both branches of the `if` start with the status
 * `__trap_resume` returns, which also turns `set -x` back on), then the exit with that status.
 */
const WRAPPER = `shopt -s lastpipe
! cat | { shopt -u lastpipe; }
{ __trap_status=${$}{PIPESTATUS[1]}; __trap_xtrace=${$}{-//[^x]/}; set +x; } 2>/dev/null
if [ -n "${$}{__trap_0+set}" ]; then
  __trap_action=$__trap_0
  unset __trap_0
  if __trap_resume "$__trap_status"; then eval "$__trap_action"; else eval "$__trap_action"; fi
fi
{ set +x; } 2>/dev/null
exit "$__trap_status"
`;

/**
 * The plugin that refuses a script whose `trap` cannot run here, and runs a script that mentions `trap`
 * in the wrapper (see the file comment). Goes after the other plugins, the interleaving of stderr
 * (interleave.ts) too, so the script's statements keep theirs. The trap's commands are run by `eval`,
 * whose text no plugin sees: like a function call's, their error output comes after their normal
 * output. `bash` parses the wrapper.
 */
export function trapPlugin(bash: Bash): TransformPlugin {
  return {
    name: 'trap',
    transform({ ast }: { ast: ScriptNode }) {
      if (!mentionsTrap(ast)) return { ast };
      callTrapDirectly(ast);
      const refusal = trapRefusal(ast);
      if (refusal) return { ast: bash.transform(`echo '${refusal}' >&2; exit 2`).ast };
      return { ast: wrapped(templateOf(bash), ast) };
    },
  };
}

/** Whether any word of the script holds `trap` (in `eval` text too): only then is it wrapped. */
function mentionsTrap(ast: unknown): boolean {
  let found = false;
  visitNodes(ast, (node) => {
    found = typeof node.value === 'string' && node.value.includes('trap');
    return found;
  });
  return found;
}

/**
 * `builtin trap …` and `command trap …` written as `trap …`, so they call the function: just-bash looks
 * `trap` up among its builtins and commands there, and found none. Changes the tree in place (just-bash
 * parses each script anew).
 */
function callTrapDirectly(ast: unknown): void {
  visitNodes(ast, (node) => {
    const args = node.args;
    const name = staticText(node.name);
    if (node.type !== 'SimpleCommand' || (name !== 'builtin' && name !== 'command')) return false;
    if (!Array.isArray(args) || staticText(args[0]) !== 'trap') return false;
    const command = node as { name: unknown; args: unknown[] };
    command.name = args[0];
    command.args = args.slice(1);
    return false;
  });
}

/** The wrapper per shell, parsed once; each script's copy shares its nodes, which are never changed. */
const templates = new WeakMap<Bash, ScriptNode>();

function templateOf(bash: Bash): ScriptNode {
  let template = templates.get(bash);
  if (!template) {
    template = bash.transform(`${FUNCTIONS}${WRAPPER}`).ast;
    templates.set(bash, template);
  }
  return template;
}

/** The script inside the wrapper: its statements after `shopt -u lastpipe` in the pipeline's group. */
function wrapped(template: ScriptNode, ast: ScriptNode): ScriptNode {
  const statements = template.statements.map((statement) => {
    const pipeline = statement.pipelines[0];
    const [head, group] = pipeline?.commands.length === 2 ? pipeline.commands : [];
    if (!pipeline || !head || group?.type !== 'Group') return statement;
    const body = [...group.body, ...ast.statements];
    return { ...statement, pipelines: [{ ...pipeline, commands: [head, { ...group, body }] }] };
  });
  return { ...ast, statements: statements as StatementNode[] };
}

/** The refusal of the first `trap` written so that it cannot run here, or `undefined`. */
function trapRefusal(ast: unknown): string | undefined {
  let refusal: string | undefined;
  visitNodes(ast, (node) => {
    if (isSubshell(node) && setsTrapInside(node)) refusal = trapSubshellRefusal('nothing ran');
    else if (isTrap(node)) {
      const signal = unsupportedSignal(node);
      if (signal) refusal = trapSignalRefusal(signal, 'nothing ran');
    }
    return refusal !== undefined;
  });
  return refusal;
}

/** Nodes whose commands run in a subshell of their own: GNU would run their trap when it ends. */
function isSubshell(node: ScriptTreeNode): boolean {
  if (
    node.type === 'Subshell' ||
    node.type === 'CommandSubstitution' ||
    node.type === 'ProcessSubstitution'
  ) {
    return true;
  }
  return node.type === 'Pipeline' && Array.isArray(node.commands) && node.commands.length > 1;
}

/** Whether a `trap` that sets a trap runs inside `node` (`trap -p` and a bare `trap` only print). */
function setsTrapInside(node: ScriptTreeNode): boolean {
  let found = false;
  visitNodes(node, (inner) => {
    found = isTrap(inner) && !printsOnly(words(inner));
    return found;
  });
  return found;
}

/** A word's text when it expands nothing (literals and quotes), else `undefined`. */
function staticText(word: unknown): string | undefined {
  const parts = (word as { parts?: ScriptTreeNode[] } | null)?.parts;
  if (!Array.isArray(parts)) return undefined;
  let text = '';
  for (const part of parts) {
    if (part.type === 'DoubleQuoted') {
      const inner = staticText(part);
      if (inner === undefined) return undefined;
      text += inner;
    } else if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped') {
      text += String(part.value);
    } else {
      return undefined;
    }
  }
  return text;
}

function isTrap(node: ScriptTreeNode): boolean {
  return node.type === 'SimpleCommand' && staticText(node.name) === 'trap';
}

/** The command's arguments as text; `undefined` for one that expands something. */
function words(node: ScriptTreeNode): (string | undefined)[] {
  return Array.isArray(node.args) ? node.args.map(staticText) : [];
}

function printsOnly(args: readonly (string | undefined)[]): boolean {
  return args.length === 0 || args[0] === '-p' || args[0] === '-l';
}

/** The trap on ERR, DEBUG, RETURN or CHLD this `trap` sets with a command, as GNU names it, if any. */
function unsupportedSignal(node: ScriptTreeNode): string | undefined {
  let args = words(node);
  if (printsOnly(args)) return undefined;
  if (args[0] === '--') args = args.slice(1);
  const [action, ...signals] = args;
  // A reset (`trap - ERR`, `trap ERR`, `trap 0 …`) or an empty command sets nothing that would run; a
  // command that expands is left to the function, which sees its value.
  const sets = action !== undefined && action !== '' && action !== '-' && !/^\d+$/.test(action);
  if (!sets || signals.length === 0) return undefined;
  for (const signal of signals) {
    const name = signal?.toUpperCase().replace(/^SIG/, '');
    if (name !== undefined && UNSUPPORTED_SIGNALS[name]) return UNSUPPORTED_SIGNALS[name];
  }
  return undefined;
}
