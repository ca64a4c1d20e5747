/**
 * The Agent panel's **Test connection**: one cheap request to a model endpoint (its list of models, which
 * OpenAI-compatible servers, Ollama included, and the Anthropic API all serve), reported in words with
 * the next step. Framework-free; the `fetch` is injected.
 */
import { errorMessage } from '../../shared/index.ts';

type CheckedProvider = 'openai-chat' | 'anthropic';

export interface ConnectionCheck {
  provider: CheckedProvider;
  baseURL: string;
  model: string;
  apiKey: string;
}

export interface ConnectionReport {
  ok: boolean;
  text: string;
}

/** How long the check waits for an answer. */
const CONNECTION_CHECK_TIMEOUT_MS = 10_000;

/** Models named in a report at most. */
const LISTED_MODELS = 5;

/** The models URL and headers of `check`'s provider. */
function requestOf(check: ConnectionCheck): { url: string; headers: Record<string, string> } {
  const base = check.baseURL.replace(/\/+$/, '');
  if (check.provider === 'anthropic') {
    return {
      url: `${base}/v1/models`,
      headers: {
        'anthropic-version': '2023-06-01',
        // Anthropic refuses browser requests without it; the page warns about keys in browsers.
        'anthropic-dangerous-direct-browser-access': 'true',
        ...(check.apiKey !== '' ? { 'x-api-key': check.apiKey } : {}),
      },
    };
  }
  return {
    url: `${base}/models`,
    headers: check.apiKey !== '' ? { Authorization: `Bearer ${check.apiKey}` } : {},
  };
}

/** Ids of the models in a list response (`{ data: [{ id }] }` in both APIs), or `null` for another shape. */
function modelIds(body: unknown): string[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  return data
    .map((entry) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');
}

/** What a successful list says about the chosen model. */
function reportList(url: string, ids: readonly string[], model: string): ConnectionReport {
  const count = `${ids.length} ${ids.length === 1 ? 'model' : 'models'}`;
  if (ids.includes(model)) return { ok: true, text: `Connected: ${url} lists ${count}, including ${model}.` };
  const some = ids.slice(0, LISTED_MODELS).join(', ');
  const more = ids.length > LISTED_MODELS ? ', …' : '';
  return {
    ok: true,
    text:
      ids.length === 0
        ? `Connected: ${url} answered, but lists no model: pull or load one on the server, then test again.`
        : `Connected: ${url} lists ${count}, but not ${model}: set Model to one of ${some}${more}.`,
  };
}

/** A refusal by HTTP status, in words with the next step. */
function reportStatus(url: string, status: number, check: ConnectionCheck, detail: string): ConnectionReport {
  const said = detail === '' ? '' : ` (${detail})`;
  if (status === 401 || status === 403) {
    return {
      ok: false,
      text: `${url} answered ${status}${said}: the API key is missing or wrong. Enter the key (local servers need none) and test again.`,
    };
  }
  if (status === 404) {
    const example =
      check.provider === 'anthropic'
        ? 'https://api.anthropic.com, without /v1'
        : 'http://localhost:11434/v1 for Ollama';
    return { ok: false, text: `${url} answered 404: check the base URL (such as ${example}).` };
  }
  return { ok: false, text: `${url} answered HTTP ${status}${said}.` };
}

/** The text of an error body (`{ error: { message } }` in both APIs), or the start of the body. */
async function errorDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: quote its start.
  }
  return text.slice(0, 200).trim();
}

/** A request that got no answer: refused by CORS, nothing listening, a wrong host, or too slow. */
function reportUnanswered(check: ConnectionCheck, error: unknown, origin: string): ConnectionReport {
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
    return {
      ok: false,
      text: `The server at ${check.baseURL} did not answer within ${CONNECTION_CHECK_TIMEOUT_MS / 1000} s: check that it runs and is not busy.`,
    };
  }
  return {
    ok: false,
    text: `The server at ${check.baseURL} did not answer this page (${errorMessage(error)}): check that it runs and that the base URL is right, and that it allows requests from ${origin} (CORS). For Ollama, start it with OLLAMA_ORIGINS=${origin} ollama serve.`,
  };
}

/** Whether `text` is a full http or https URL (`localhost:11434` parses, with `localhost:` as its scheme). */
function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Lists the endpoint's models once and says what that shows. Never rejects. */
export async function checkConnection(
  check: ConnectionCheck,
  fetchImpl: typeof fetch = fetch,
  origin: string = globalThis.location?.origin ?? 'this page',
): Promise<ConnectionReport> {
  if (!isHttpUrl(check.baseURL)) {
    return {
      ok: false,
      text: `The base URL ${JSON.stringify(check.baseURL)} is not a full URL. Write it with its scheme and host, such as http://localhost:11434/v1.`,
    };
  }
  const { url, headers } = requestOf(check);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(CONNECTION_CHECK_TIMEOUT_MS) });
  } catch (error) {
    return reportUnanswered(check, error, origin);
  }
  if (!response.ok) return reportStatus(url, response.status, check, await errorDetail(response));
  const ids = modelIds(await response.json().catch(() => null));
  if (ids === null) {
    return {
      ok: false,
      text: `${url} answered, but not with a list of models: check the base URL (OpenAI-compatible servers usually end in /v1).`,
    };
  }
  return reportList(url, ids, check.model);
}
