/**
 * The JavaScript evaluated inside QuickJS before the model's script: it defines `tools` and `console`
 * over the one host function, and returns the function that turns the script's return value into JSON
 * text. It runs in the guest, so it may use nothing but the language; it captures the intrinsics it
 * relies on before the script can replace them. No host object crosses: only strings go in and out.
 */

/**
 * The guest function that returns a tool's full declaration: `tools.$describe(name)`. It is relayed as
 * a call of this name (`{ name }`, or `{ type }` when `name` is not a string), which no catalog tool can
 * have (tool names never contain `$`); the host answers it without making a tool call.
 */
export const DESCRIBE_FUNCTION = '$describe';

/**
 * Source of a function expression `(host, config) => [finish, watch]`.
 *
 * - `host('log', line)` records one console line; it returns `'full'` once the console cap is reached,
 *   after which the guest stops sending lines.
 * - `host('call', name, argsJson)` returns a promise of the JSON text of a `BridgeReply`;
 *   `tools.$describe(name)` is relayed the same way (see {@link DESCRIBE_FUNCTION}).
 * - `config` is JSON text: `{ names: [key, catalogName][], maxResultChars }`.
 * - `finish(value)` returns `'U'` (undefined), `'J' + json`, `'N' + reason` (not JSON) or
 *   `'L' + length` (too long); errors it cannot classify (out of memory, interrupted) propagate.
 * - `watch(promise, onFulfilled, onRejected)` attaches the host's callbacks with the original
 *   `Promise.prototype.then`, so a script that replaces `then` cannot hide its own outcome.
 */
export const GUEST_PRELUDE: string = `(function (host, configJson) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const config = parse(configJson);
  const names = new Map(config.names);
  const maxResultChars = config.maxResultChars;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const defineProperty = Object.defineProperty;
  const freeze = Object.freeze;
  const join = Array.prototype.join;
  const map = Array.prototype.map;
  const call = Function.prototype.call;
  const then = Promise.prototype.then;

  const format = (value) => {
    if (typeof value === 'string') return value;
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return '[function' + (value.name ? ' ' + value.name : '') + ']';
    if (typeof value === 'bigint') return value + 'n';
    if (typeof value === 'symbol') return value.toString();
    if (value instanceof ErrorCtor) return value.name + ': ' + value.message;
    try {
      const text = stringify(value);
      return text === undefined ? String(value) : text;
    } catch (error) {
      return String(value);
    }
  };
  let consoleFull = false;
  const write = (prefix, values) => {
    if (consoleFull) return;
    const line = prefix + call.call(join, call.call(map, values, format), ' ');
    if (host('log', line) === 'full') consoleFull = true;
  };
  const consoleObject = freeze({
    log: (...values) => write('', values),
    info: (...values) => write('', values),
    debug: (...values) => write('', values),
    warn: (...values) => write('[warn] ', values),
    error: (...values) => write('[error] ', values),
  });

  const callTool = async (name, args) => {
    const argsJson = stringify(args === undefined ? {} : args);
    if (typeof argsJson !== 'string') {
      throw new TypeErrorCtor('tools.' + name + ': the arguments must be a JSON object, got ' + typeof args + '.');
    }
    const reply = parse(await host('call', name, argsJson));
    if (reply.ok) return reply.value;
    const error = new ErrorCtor(reply.message);
    defineProperty(error, 'name', { value: 'ToolError', writable: true, configurable: true });
    error.tool = reply.tool;
    error.code = reply.code;
    throw error;
  };
  const functions = new Map();
  const toolFunction = (key) => {
    let fn = functions.get(key);
    if (fn === undefined) {
      const name = names.has(key) ? names.get(key) : key;
      fn = (args) => callTool(name, args);
      functions.set(key, fn);
    }
    return fn;
  };
  const describeKey = ${JSON.stringify(DESCRIBE_FUNCTION)};
  const describe = (name) =>
    callTool(describeKey, typeof name === 'string' ? { name } : { type: name === null ? 'null' : typeof name });
  const keys = () => Array.from(names.keys());
  const tools = new Proxy(Object.create(null), {
    get: (_, key) =>
      key === describeKey
        ? describe
        : typeof key === 'string' && (names.has(key) || key !== 'then')
          ? toolFunction(key)
          : undefined,
    has: (_, key) => key === describeKey || names.has(key),
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (_, key) =>
      names.has(key) ? { value: toolFunction(key), writable: false, enumerable: true, configurable: true } : undefined,
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
  defineProperty(globalThis, 'tools', { value: tools, writable: false, enumerable: false, configurable: false });
  defineProperty(globalThis, 'console', { value: consoleObject, writable: true, enumerable: false, configurable: true });

  const notJson = (reason) => {
    const error = new ErrorCtor(reason);
    error.notJson = true;
    return error;
  };
  const where = (key) => (key === '' ? 'as the returned value itself' : 'at key ' + stringify(key));
  const replacer = (key, value) => {
    const type = typeof value;
    if (type === 'function') throw notJson('a function ' + where(key));
    if (type === 'symbol') throw notJson('a symbol ' + where(key));
    if (type === 'bigint') throw notJson('a BigInt ' + where(key) + ' (convert it with String() or Number())');
    return value;
  };
  const watch = (promise, onFulfilled, onRejected) => {
    call.call(then, promise, onFulfilled, onRejected);
  };
  const finish = (value) => {
    if (value === undefined) return 'U';
    let json;
    try {
      json = stringify(value, replacer);
    } catch (error) {
      if (error && error.notJson === true) return 'N' + error.message;
      if (error instanceof TypeErrorCtor && /circular/i.test(String(error.message))) {
        return 'N' + 'a circular reference (an object that contains itself)';
      }
      throw error;
    }
    if (json === undefined) return 'N' + 'a value JSON cannot represent';
    if (json.length > maxResultChars) return 'L' + json.length;
    return 'J' + json;
  };
  return [finish, watch];
})`;
