/** What the page calls each declaration format and each raw-call format. */
const FORMAT_LABELS: Readonly<Record<string, string>> = {
  catalog: 'catalog form',
  'openai-chat': 'OpenAI chat',
  'openai-responses': 'OpenAI responses',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  mcp: 'MCP',
  plain: '{name, arguments}',
};

/** The label of a format, or the format's own name when it has none. */
export function formatLabel(format: string): string {
  return Object.hasOwn(FORMAT_LABELS, format) ? (FORMAT_LABELS[format] ?? format) : format;
}
