/**
 * The conformance cases of a group as data: each case's name, body and options, in the order they
 * run. A group keeps its cases in a few tables, one per thing they check, so it reads as a list and no
 * single function has to hold every case of the group.
 */
import type { CaseOptions, CaseRegistrar } from '../case-types.ts';

/** One case's body: it sets up a fresh workspace with `setup(files)` and asserts on it. */
type CaseBody = Parameters<CaseRegistrar['test']>[1];

/** Cases as `[name, body, options?]`, in the order they run. */
export type CaseTable = readonly (readonly [name: string, body: CaseBody, options?: CaseOptions])[];

/** Registers every case of `tables`, table after table, in order. */
export function registerCases(c: CaseRegistrar, ...tables: CaseTable[]): void {
  for (const table of tables) for (const [name, body, options] of table) c.test(name, body, options);
}
