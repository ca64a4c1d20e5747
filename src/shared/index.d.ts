/**
 * Small helpers every room needs the same way: UTF-8 sizes of JavaScript strings, cuts by bytes that
 * never split a character, the sizes the built-in tools print, and the message of anything thrown.
 * Every room may import this module and it imports nothing, so no room has to write these again (and
 * two rooms cannot measure or word the same thing differently). Pure functions only.
 */
/**
 * UTF-8 length of `text.slice(start, end)` (what `TextEncoder` writes: a lone surrogate counts as
 * U+FFFD). A long whole string is encoded natively; a slice or a short string is counted without
 * encoding it.
 */
export declare function utf8Length(text: string, start?: number, end?: number): number;
/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export declare function headBytes(text: string, maxBytes: number): string;
/** The longest suffix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export declare function tailBytes(text: string, maxBytes: number): string;
/** `512B`, `50.0KB`, `3.2MB`: the sizes the built-in tools print. */
export declare function formatSize(bytes: number): string;
/** The message of anything thrown: an Error's own message, anything else as a string. */
export declare function errorMessage(error: unknown): string;
