/**
 * The embedded backend's runner lives in the shared shell room (`workspace/shell/`), since the
 * WebContainer backend runs its scripts through the same interpreter; this file keeps the old path.
 */
export {
  assertRunnable,
  EMBEDDED_EXECUTION_LIMITS,
  runJustBashCommand,
  STOP_BACKSTOP_MS,
} from '../shell/run-command.ts';
