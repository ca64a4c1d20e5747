/**
 * The QuickJS engine's fixed limits, apart from engine.ts so that the codemode entry's declarations
 * export them without naming QuickJS's types (which need `WebAssembly`, absent from a Node project's
 * `lib: ["ES2022"]` + `@types/node`).
 */

/**
 * Stack of the QuickJS runtime. Larger stacks (and the default) overflow the *host* stack before QuickJS
 * notices, which corrupts the runtime; at 256 KiB deep recursion is a clean `InternalError`.
 */
export const STACK_SIZE_BYTES: number = 256 * 1024;

/**
 * Wasm memory above the QuickJS heap limit: room for the wasm stack, static data and allocations
 * QuickJS does not count (ArrayBuffer contents). The wasm memory cannot grow past limit + this, so even
 * uncounted allocations end in a clean out-of-memory error instead of taking the host's memory.
 */
export const WASM_MEMORY_HEADROOM_BYTES: number = 32 * 1024 * 1024;
