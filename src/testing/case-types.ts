/**
 * The types the conformance cases and their runner share: what a case gets, how cases are registered,
 * and a backend under test. Their own module, so the case files and the runner that imports them do not
 * import each other. Types only.
 */
import type { ToolResult, ToolSuite } from '../index.ts';
import type { Workspace } from '../workspace/workspace.ts';

/** Files to start a case with: path relative to the root → text or bytes. */
export type Files = Record<string, string | Uint8Array>;

/** What a case gets: a fresh workspace with its files, and a suite whose tools act on it. */
export interface CaseEnv {
  workspace: Workspace;
  suite: ToolSuite<Workspace>;
  /** Calls a tool the way a model would. */
  call(tool: string, args: unknown): Promise<ToolResult>;
  /** Reads a file's bytes straight from the backend (path relative to the root). */
  bytes(path: string): Promise<Uint8Array>;
  /** Reads a file as UTF-8 text straight from the backend (path relative to the root). */
  text(path: string): Promise<string>;
  /** Every file under the root as path → bytes, for "nothing changed" checks. */
  snapshot(): Promise<Map<string, string>>;
}

/** Registers named cases; `setup` creates the environment of one case. */
export interface CaseRegistrar {
  test(
    name: string,
    body: (setup: (files?: Files) => Promise<CaseEnv>) => Promise<void>,
    options?: CaseOptions,
  ): void;
}

/** Options of one case. */
export interface CaseOptions {
  /** The case's timeout in ms, for cases that move megabytes. Default: the target's `timeoutMs`. */
  timeoutMs?: number;
}

/** A backend under test. */
export interface ConformanceTarget {
  name: string;
  /** Creates a fresh workspace holding `files`. */
  create(files?: Files): Promise<Workspace>;
  /** Cases this backend cannot pass yet, each with the reason. Names are `<group> > <case>`. */
  skip?: { reason: string; tests: string[] }[];
  /** Per-case timeout in ms. Default: 20,000. */
  timeoutMs?: number;
}
