/** Cases for the built-in tools; filled in with their implementations. */
import type { CaseRegistrar } from '../conformance.ts';

export function defineEditCases(_c: CaseRegistrar): void {}
