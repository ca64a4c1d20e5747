/**
 * `printf`'s integer conversions refused where just-bash would print another number than GNU's.
 *
 * just-bash's printf computes with JavaScript numbers and 32-bit operators, each time with exit 0:
 * `printf %d 9007199254740993` printed 9007199254740992 (a number past 2^53 is rounded), and a negative
 * number under `%u`, `%o`, `%x` or `%X` came out as a 32-bit value or as its magnitude (`printf %x -1`
 * gave `1`, `%u -42` 4294967254, `%o -42` 52) where GNU's printf writes the 64-bit two's complement
 * (`ffffffffffffffff`). Here the format is read for its conversions, each paired with the argument it
 * takes (the format used again while arguments are left, as printf does), and a command line that gives
 * one of these an argument it would print wrong is refused with exit 1 before anything is printed.
 * Everything else, which just-bash prints as GNU does, runs as given. Imports just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/**
 * One directive of a printf format: `%%`, `%(…)T`, or a conversion with its flags, width, precision
 * and length modifiers (a `*` width or precision takes an argument of its own).
 */
export const DIRECTIVE: RegExp = /%(?:%|\([^)]*\)T|[-+ #0']*(\*|\d+)?(?:\.(\*|\d*))?[hlLqjzt]*([a-zA-Z]))/g;

const INTEGER_CONVERSIONS = new Set(['d', 'i', 'o', 'u', 'x', 'X']);
const UNSIGNED_CONVERSIONS = new Set(['o', 'u', 'x', 'X']);
const LARGEST_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * What the arguments of one pass through the format are read as, in order: the conversion letter, or
 * `*` for a width or precision. printf goes through the format again while arguments are left.
 */
export function conversionsOf(format: string): string[] {
  const perPass: string[] = [];
  for (const match of format.matchAll(DIRECTIVE)) {
    const [whole, width, precision, conversion] = match;
    if (whole === '%%') continue;
    if (width === '*') perPass.push('*');
    if (precision === '*') perPass.push('*');
    perPass.push(conversion ?? 's');
  }
  return perPass;
}

/** The whole number bash reads `text` as (decimal, `0x` hex, `0` octal), or `undefined` if none. */
function integerOf(text: string): bigint | undefined {
  const match = /^\s*([-+]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)\s*$/.exec(text);
  if (!match) return undefined;
  const [, sign, digits = ''] = match;
  // BigInt reads `0x…` and decimal as they are; bash's leading-zero octal needs JavaScript's `0o`.
  const magnitude = BigInt(/^0[0-7]+$/.test(digits) ? `0o${digits.slice(1)}` : digits);
  return sign === '-' ? -magnitude : magnitude;
}

/** Why printf refuses `argument` under `%<conversion>`, or `undefined` when just-bash prints it right. */
function wrongInteger(conversion: string, argument: string): string | undefined {
  if (!INTEGER_CONVERSIONS.has(conversion)) return undefined;
  const value = integerOf(argument);
  if (value === undefined) return undefined;
  if (value > LARGEST_EXACT || value < -LARGEST_EXACT) return printfBeyondExactRefusal(argument);
  if (value < 0n && UNSIGNED_CONVERSIONS.has(conversion)) {
    return printfNegativeUnsignedRefusal(conversion, argument);
  }
  return undefined;
}

/** printf's refusal of a whole number past 2^53 under an integer conversion. */
export function printfBeyondExactRefusal(argument: string): string {
  return `printf: ${argument.trim()}: this shell's printf computes with numbers exact only up to 2^53 (9007199254740991), so it would print another number than GNU's printf; nothing was printed. Print such a number as text with %s, or keep it below 2^53.`;
}

/** printf's refusal of a negative number under `%o`, `%u`, `%x` or `%X`. */
export function printfNegativeUnsignedRefusal(conversion: string, argument: string): string {
  return `printf: %${conversion} of the negative number ${argument.trim()} is not supported by this shell's printf, which would print a 32-bit value or the number's magnitude where GNU's printf prints its 64-bit two's complement; nothing was printed. Give %${conversion} a number of 0 or more.`;
}

/** printf's words after its options (`-v NAME`, `--`): the format, then its arguments. */
export function formatAndArguments(args: readonly string[]): readonly string[] {
  let at = 0;
  if (args[at] === '-v') at += 2;
  else if (args[at]?.startsWith('-v')) at += 1;
  if (args[at] === '--') at += 1;
  return args.slice(at);
}

/** The refusal of a printf command line, or `undefined` when just-bash prints it as GNU does. */
function printfRefusal(args: readonly string[]): string | undefined {
  const [format, ...rest] = formatAndArguments(args);
  if (format === undefined || rest.length === 0) return undefined;
  const conversions = conversionsOf(format);
  if (conversions.length === 0) return undefined;
  for (const [index, argument] of rest.entries()) {
    const refusal = wrongInteger(conversions[index % conversions.length] as string, argument);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** `printf` refusing the integers it would print wrong (see the file's header). */
export function withExactIntegers(printf: Command): Command {
  return {
    ...printf,
    async execute(args, context: Context): Promise<Result> {
      const refusal = printfRefusal(args);
      if (refusal !== undefined) return { stdout: '', stderr: `${refusal}\n`, exitCode: 1 };
      return printf.execute(args, context);
    },
  };
}
