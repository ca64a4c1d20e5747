/** Cases for the built-in tools; filled in with their implementations. */
import type { CaseRegistrar } from '../conformance.ts';

export function defineReadWriteCases(_c: CaseRegistrar): void {}
