/**
 * `printf` and `echo -e` write the byte an escape of 0x80 or more names, as GNU's do.
 *
 * just-bash keeps a command's output as text and writes it out in UTF-8, so such an escape became the
 * character of that number, each with exit 0:
 *
 * - adjacent `\x` escapes in printf's format or a `%b` argument were read together as UTF-8:
 *   `\xe2\x9c\x93` was ✓, right, but a run that is not UTF-8 text wrote each byte as a character:
 *   `printf '\x89PNG\r\n' > f` wrote `c2 89 50 4e 47 …`, a file header one byte longer;
 * - octal escapes (`\303\251`, `%b`'s and `echo -e`'s `\0303`) wrote each byte as a character, UTF-8
 *   or not: `printf '\303\251'` wrote `c3 83 c2 a9`, not é;
 * - `echo -e` wrote every such escape as a character: `echo -e '\xe2\x82\xac'` wrote six bytes, not €.
 *
 * Here, when a command line has such an escape, each one is replaced, before the command reads it, by
 * a character of a private range that stands for its byte (U+F700 to U+F7FF, as Python's
 * `surrogateescape` does with surrogates); the command's output is then written as bytes: UTF-8 for
 * its text, the byte itself for each of those characters. An octal escape past 0377 is the byte of its
 * low eight bits, as in GNU's (`\0400` is 0). The escapes read are the format's and `%b` arguments'
 * (printf) and the words' under `-e` (echo). printf's `%c` prints the first byte of its argument, as
 * GNU's does, not its first character. `printf -v` is left as it was: a variable holds text.
 * Escapes written as `$'\xff'` are read by the shell, not by these commands, and keep just-bash's
 * reading (docs/backends.md). Imports just-bash's types, printf-integers.ts and diff-commands.ts (for its
 * byte strings).
 */
import type { Command } from 'just-bash';
import { byteString } from './diff-commands.ts';
import { conversionsOf, DIRECTIVE, formatAndArguments } from './printf-integers.ts';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/**
 * The escapes that can name a byte, as just-bash reads them: printf's format takes octal of one to
 * three digits and `\x` with two hex digits (it leaves `\x8` as it is); `echo -e` takes `\0` and up to
 * three octal digits and `\x` with one or two; `%b` takes both octal spellings. Any other escaped
 * character, `\\` among them, is matched so that what follows it is not read as an escape.
 */
const FORMAT_ESCAPE = /\\(?:([0-7]{1,3})|x([0-9a-fA-F]{2})|[\s\S])/g;
const ECHO_ESCAPE = /\\(?:0([0-7]{0,3})|x([0-9a-fA-F]{1,2})|[\s\S])/g;
const B_ESCAPE = /\\(?:0([0-7]{0,3})|([1-7][0-7]{0,2})|x([0-9a-fA-F]{1,2})|[\s\S])/g;

/** Where the characters that stand for bytes start: U+F700 is 0x00, U+F7FF is 0xff. */
const BYTE_CHARACTERS = 0xf700;
const STANDS_FOR_BYTE = /[\uf700-\uf7ff]/;

/**
 * The byte an escape's digits name when just-bash would write it as something else: the last group is
 * hex, any other octal (`\0` alone is 0, past 0377 its low eight bits); `undefined` below 0x80 (an
 * octal past 0377 whatever its byte) and for an escaped character.
 */
function misreadByte(digits: readonly (string | undefined)[]): number | undefined {
  const hex = digits.at(-1);
  if (hex !== undefined) {
    const byte = Number.parseInt(hex, 16);
    return byte >= 0x80 ? byte : undefined;
  }
  const octal = digits.slice(0, -1).find((group) => group !== undefined);
  if (octal === undefined) return undefined;
  const value = Number.parseInt(octal || '0', 8);
  return value >= 0x80 ? value & 0xff : undefined;
}

/** `text` with each escape of a byte just-bash would misread replaced by the character for its byte. */
function withByteCharacters(text: string, escapes: RegExp): string {
  return text.replace(escapes, (written: string, ...groups: unknown[]) => {
    const digits = groups.slice(0, -2) as (string | undefined)[];
    const byte = misreadByte(digits);
    return byte === undefined ? written : String.fromCharCode(BYTE_CHARACTERS + byte);
  });
}

const encoder = new TextEncoder();
const BYTE_CHARACTER_RUNS = /[\uf700-\uf7ff]+/g;
const BEYOND_ASCII = /[^\p{ASCII}]/u;

/**
 * `text` as a byte string (a character per byte): UTF-8, with each character for a byte as that byte.
 * Time follows the output's length: text between the byte characters is encoded in one piece (ASCII,
 * the usual case, is its own byte string).
 */
function asBytes(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (const match of text.matchAll(BYTE_CHARACTER_RUNS)) {
    parts.push(utf8Bytes(text.slice(from, match.index)));
    const run = new Uint8Array(match[0].length);
    for (let at = 0; at < run.length; at++) run[at] = match[0].charCodeAt(at) - BYTE_CHARACTERS;
    parts.push(byteString(run));
    from = match.index + match[0].length;
  }
  parts.push(utf8Bytes(text.slice(from)));
  return parts.join('');
}

/** `text` in UTF-8, as a byte string. */
function utf8Bytes(text: string): string {
  return BEYOND_ASCII.test(text) ? byteString(encoder.encode(text)) : text;
}

/**
 * `%c` as printf prints it: the first byte of its argument. just-bash printed that byte as a character
 * (`printf %c μ` wrote `c3 8e` where GNU's writes `ce`) and nothing for an empty argument (GNU's: a
 * NUL), so when an argument of `%c` starts outside ASCII or is empty, each `%c` of the format becomes
 * `%s` (flags and width kept: one byte is one character either way) and each of its arguments its first
 * character, or the character that stands for its first byte. `conversions`: the format's.
 */
function withFirstBytes(
  format: string,
  conversions: readonly string[],
  rest: readonly string[],
): [string, ...string[]] | undefined {
  const isC = (index: number) => conversions[index % conversions.length] === 'c';
  const misread = (argument: string) => argument === '' || (argument.codePointAt(0) ?? 0) >= 0x80;
  if (!rest.some((argument, index) => isC(index) && misread(argument))) return undefined;
  const asS = format.replace(DIRECTIVE, (directive) =>
    directive.endsWith('c') ? `${directive.slice(0, -1)}s` : directive,
  );
  return [asS, ...rest.map((argument, index) => (isC(index) ? firstByteOf(argument) : argument))];
}

/**
 * The first character of `argument`, the character that stands for its first byte outside ASCII, or a
 * NUL when it is empty.
 */
function firstByteOf(argument: string): string {
  const first = argument.codePointAt(0);
  // GNU's printf prints the NUL that ends an empty argument.
  if (first === undefined) return '\0';
  if (first < 0x80) return argument.slice(0, 1);
  return String.fromCharCode(BYTE_CHARACTERS + (encoder.encode(String.fromCodePoint(first))[0] ?? 0));
}

/**
 * printf's arguments with `%c` printing first bytes (see {@link withFirstBytes}) and the byte escapes
 * of the format and of each `%b` argument replaced.
 */
function printfWithByteCharacters(args: readonly string[]): string[] | undefined {
  if (args[0]?.startsWith('-v')) return undefined;
  const words = formatAndArguments(args);
  const [format, ...rest] = words;
  if (format === undefined) return undefined;
  // `%c` made `%s` leaves every `%b` where it was, so the format's conversions serve both steps.
  const conversions = conversionsOf(format);
  const [asked, ...given] = withFirstBytes(format, conversions, rest) ?? [format, ...rest];
  const replaced = [
    withByteCharacters(asked, FORMAT_ESCAPE),
    ...given.map((argument, index) =>
      conversions[index % conversions.length] === 'b' ? withByteCharacters(argument, B_ESCAPE) : argument,
    ),
  ];
  if (replaced.every((word, index) => word === words[index])) return undefined;
  return [...args.slice(0, args.length - words.length), ...replaced];
}

/**
 * echo's arguments with their byte escapes replaced, when its leading options turn escapes on (`-e`,
 * `-ne`, …; the last of `-e` and `-E` wins).
 */
function echoWithByteCharacters(args: readonly string[]): string[] | undefined {
  let escapes = false;
  let at = 0;
  for (; at < args.length && /^-[neE]+$/.test(args[at] as string); at++) {
    const flags = (args[at] as string).slice(1);
    const last = Math.max(flags.lastIndexOf('e'), flags.lastIndexOf('E'));
    if (last >= 0) escapes = flags[last] === 'e';
  }
  if (!escapes) return undefined;
  const words = args.slice(at).map((word) => withByteCharacters(word, ECHO_ESCAPE));
  return words.some((word, index) => word !== args[at + index])
    ? [...args.slice(0, at), ...words]
    : undefined;
}

/**
 * `command`, writing the bytes its escapes name: `replace` gives the arguments with their byte escapes
 * replaced, or `undefined` when there is none to replace (the command then runs as it is).
 */
function withEscapedBytes(
  command: Command,
  replace: (args: readonly string[]) => string[] | undefined,
): Command {
  return {
    ...command,
    async execute(args, context: Context): Promise<Result> {
      const replaced = replace(args);
      if (replaced === undefined) return command.execute(args, context);
      const result = await command.execute(replaced, context);
      if (typeof result.stdout !== 'string' || !STANDS_FOR_BYTE.test(result.stdout)) return result;
      return { ...result, stdout: asBytes(result.stdout), stdoutKind: 'bytes' };
    },
  };
}

/** `printf` writing the bytes its escapes name (see the file's header). `-v` is left as it is. */
export function withPrintfEscapedBytes(printf: Command): Command {
  return withEscapedBytes(printf, printfWithByteCharacters);
}

/** `echo` writing, under `-e`, the bytes its escapes name (see the file's header). */
export function withEchoEscapedBytes(echo: Command): Command {
  return withEscapedBytes(echo, echoWithByteCharacters);
}
