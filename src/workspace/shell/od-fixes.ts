/**
 * `od` as GNU prints it, or a refusal that says what to write instead.
 *
 * just-bash's od reads `-c`, `-t x1`, `-t c` and `-t oN` written as two words, `-An` and `-A n`, and
 * nothing else: every other option is skipped without a word. So `od -An -tx1 f` (the usual spelling)
 * printed octal with exit 0, `od f` printed bytes where GNU prints two-byte octal words, `-Ax`, `-N`
 * and `-j` changed nothing, a line of data was followed by a space more than GNU's after its address,
 * and a run of equal lines was printed whole where GNU prints one `*`.
 *
 * Here single bytes (`-c`, `-b`, `-t c`, `-t o1`, `-t x1`, any spelling) with an address in octal,
 * decimal, hex or none run through just-bash's od and are printed as GNU prints them: addresses in the
 * radix asked for, GNU's spacing, equal blocks as `*` unless `-v`; several of these formats together
 * with `-A n` and `-c`, where just-bash lines them up as GNU does. Anything else (the default two-byte words,
 * `-x`, `-d`, wider or signed types, several formats under an address, `-N`, `-j`, `-w`) is refused
 * with exit 1 and the spellings that work, rather than printed wrong.
 * Imports just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

type Format = '-c' | 'x1' | 'o1';

/** What an od command line asks for, as far as this wrapper needs it. */
interface OdRequest {
  /** The byte formats, in the order given: just-bash's spelling of each. */
  formats: Format[];
  radix: 'o' | 'd' | 'x' | 'n';
  duplicates: boolean;
  operands: string[];
  /** Why the command line is refused, in od's words. */
  refused?: string;
}

const SUPPORTED =
  'this od prints single bytes as -c (or -t c), -b (or -t o1) or -t x1, with -A o, d, x or n (several of these formats with -A n and -c only), and -v';

/** `-N`, `-j` and their long forms: what `head -c` and `tail -c` do before od. */
const CUT_FIRST = /^(?:-[Nj]|--(?:read-bytes|skip-bytes)\b)/;
const CUT_HINT = '; cut the input first instead (head -c N FILE | od …, tail -c +N FILE | od …)';

const TYPES: Readonly<Record<string, Format | undefined>> = { c: '-c', o1: 'o1', x1: 'x1' };

/** Reads one option word (and its value, when it takes the next word); returns the words used. */
function readOption(args: readonly string[], at: number, request: OdRequest): number {
  const arg = args[at] as string;
  const long = /^--(address-radix|format)=(.*)$/.exec(arg);
  const [flag, inline] = long
    ? [long[1] === 'format' ? '-t' : '-A', long[2] as string]
    : [arg.slice(0, 2), arg.length > 2 ? arg.slice(2) : undefined];
  if (arg === '-v' || arg === '--output-duplicates') request.duplicates = true;
  else if (arg === '-c' || arg === '-b') setFormat(request, arg === '-c' ? '-c' : 'o1', arg);
  else if (flag === '-t' || flag === '-A') {
    const value = inline ?? args[at + 1];
    if (value === undefined) request.refused = `option requires an argument -- '${flag.slice(1)}'`;
    else if (flag === '-A') setRadix(request, value);
    else setFormat(request, TYPES[value], `-t ${value}`);
    return inline === undefined ? 2 : 1;
  } else request.refused = `${arg} is not supported: ${SUPPORTED}${CUT_FIRST.test(arg) ? CUT_HINT : ''}`;
  return 1;
}

function setFormat(request: OdRequest, format: Format | undefined, spelled: string): void {
  if (format === undefined) request.refused = `${spelled} is not supported: ${SUPPORTED}`;
  else if (!request.formats.includes(format)) request.formats.push(format);
}

function setRadix(request: OdRequest, value: string): void {
  if (value === 'o' || value === 'd' || value === 'x' || value === 'n') request.radix = value;
  else request.refused = `invalid output address radix '${value}'; it must be one character from [doxn]`;
}

/** The command line read, or why it is refused. */
function readOdArguments(args: readonly string[]): OdRequest {
  const request: OdRequest = { radix: 'o', duplicates: false, formats: [], operands: [] };
  for (let at = 0; at < args.length && request.refused === undefined; ) {
    const arg = args[at] as string;
    if (arg === '--') {
      request.operands.push(...args.slice(at + 1));
      break;
    }
    if (arg.startsWith('-') && arg !== '-') at += readOption(args, at, request);
    else {
      request.operands.push(arg);
      at += 1;
    }
  }
  if (request.refused !== undefined) return request;
  if (request.formats.length === 0) {
    request.refused = `the default format (-t o2, two-byte words) is not supported: ${SUPPORTED}`;
  } else if (request.formats.length > 1 && (request.radix !== 'n' || !request.formats.includes('-c'))) {
    // just-bash indents the other formats' lines otherwise than GNU under an address, and widens the
    // hex columns to GNU's only beside -c.
    request.refused = `these formats together are not supported: ${SUPPORTED}`;
  }
  return request;
}

/** An octal address of just-bash's, in the radix asked for, as wide as GNU's. */
function address(octal: string, radix: OdRequest['radix']): string {
  const offset = Number.parseInt(octal, 8);
  if (radix === 'd') return String(offset).padStart(7, '0');
  if (radix === 'x') return offset.toString(16).padStart(6, '0');
  return octal;
}

/** just-bash's lines as GNU prints them: addresses, spacing, and equal blocks as one `*`. */
function gnuLines(stdout: string, request: OdRequest): string {
  // No input: GNU still prints the end address, unless addresses are off.
  if (stdout === '') return request.radix === 'n' ? '' : `${address('0000000', request.radix)}\n`;
  const lines = stdout.split('\n');
  const trailing = lines.at(-1) === '' ? lines.pop() : undefined;
  // With addresses there is one format, so one line per block of 16 bytes; with -A n, one per format.
  const perBlock = request.formats.length;
  const printed: string[] = [];
  let previous: string | undefined;
  let starred = false;
  for (let at = 0; at < lines.length; at += perBlock) {
    // With addresses, just-bash puts a space after the address and another before each byte.
    const match = request.radix === 'n' ? null : /^([0-7]{7}) ?(.*)$/.exec(lines[at] as string);
    const data = match ? (match[2] as string) : lines.slice(at, at + perBlock).join('\n');
    const isData = match === null || data !== '';
    if (isData && !request.duplicates && data === previous) {
      if (!starred) printed.push('*');
      starred = true;
      continue;
    }
    if (isData) [previous, starred] = [data, false];
    printed.push(match ? `${address(match[1] as string, request.radix)}${data}` : data);
  }
  return `${printed.join('\n')}${trailing === undefined ? '' : '\n'}`;
}

/** just-bash's od, for the command lines it prints as GNU's does, and a refusal for the others. */
export function withGnuOd(od: Command): Command {
  return {
    ...od,
    async execute(args, context: Context): Promise<Result> {
      const request = readOdArguments(args);
      if (request.refused !== undefined) {
        return { stdout: '', stderr: `od: ${request.refused}\n`, exitCode: 1 };
      }
      const format = request.formats.flatMap((one) => (one === '-c' ? ['-c'] : ['-t', one]));
      const radix = request.radix === 'n' ? ['-A', 'n'] : [];
      const result = await od.execute([...radix, ...format, ...request.operands], context);
      if (result.exitCode !== 0 || typeof result.stdout !== 'string') return result;
      return { ...result, stdout: gnuLines(result.stdout, request) };
    },
  };
}
