/**
 * The pace of one import: a single budget of work between two yields to the event loop, spent across
 * the whole import (every entry, and every step: reading the zip's directory, planning, looking the
 * paths up in the workspace, inflating and checking each entry, writing), so that an import of 9,000
 * small entries gives the thread back as often as one of a single large entry. A budget counted per
 * entry, as inflating had it, started over with each entry: such a zip held the thread for the whole
 * import (1.1 to 1.5 s).
 *
 * Work is counted in units of about one byte inflated and checked (CRC-32): the bytes a step handles,
 * plus a fixed cost per entry and per push to the inflater, measured in those units (see the
 * constants). A budget is a few ms of work, and what a yield costs stays small beside it: a message on
 * a fresh channel, not a timer (a 0 ms timer waits 1 ms in Node and 4 ms in a browser once nested).
 * Imports src/shared.
 */
import { nextTask } from '../../shared/index.ts';

/** Units of work between two yields: about what inflating and checking 256 KiB costs, a few ms. */
const YIELD_EVERY_UNITS = 256 * 1024;

/**
 * One entry's bookkeeping in one step (its path split and planned, a lookup in the workspace, a
 * directory record read): a few µs, measured on 9,000 entries.
 */
export const ENTRY_UNITS = 1024;

/** Counts the work of one import and gives the thread back once a budget of it is done. */
export interface ImportPacer {
  /** Counts `units` of work done; yields to the event loop when a budget's worth was done since the last yield. */
  spend(units: number): Promise<void>;
}

/** A pacer for one import, with a budget of {@link YIELD_EVERY_UNITS} between yields. */
export function createImportPacer(): ImportPacer {
  let spent = 0;
  return {
    async spend(units) {
      spent += units;
      if (spent < YIELD_EVERY_UNITS) return;
      spent = 0;
      await nextTask();
    },
  };
}
