/**
 * What an implementation returned, read into the parts of a result. Three shapes are accepted: a string
 * (the `output`), a partial result (`{ output, structured_output?, details?, control?, is_error? }`) and
 * an MCP `CallToolResult` (`{ content: [...], structuredContent?, isError? }`), so a host can hand over
 * what an MCP client returned as it is. `is_error` (or MCP `isError`) is honoured, never dropped.
 */
import { formatSize } from '../shared/index.ts';
import { isPlainObject } from './results.ts';

/** A returned value, taken apart; `problem` says why it cannot be a result (a bug in the tool). */
export type ReadReturned =
  | {
      output: string;
      structured: Record<string, unknown> | undefined;
      details: Record<string, unknown>;
      control: unknown;
      isError: boolean;
    }
  | { problem: string };

/** One image or audio block of an MCP result, kept for programs and the UI. */
interface Media {
  type: 'image' | 'audio';
  mime_type: string;
  data_base64: string;
  bytes: number;
}

/** Takes a returned value apart. Never throws. */
export function readReturned(returned: unknown): ReadReturned {
  if (typeof returned === 'string') {
    return { output: returned, structured: undefined, details: {}, control: undefined, isError: false };
  }
  if (!isPlainObject(returned)) return { problem: 'expected a string or an object with a string "output"' };
  if (typeof returned.output !== 'string' && Array.isArray(returned.content)) return readMcpResult(returned);
  if (typeof returned.output !== 'string') {
    return { problem: 'expected a string or an object with a string "output"' };
  }
  if (returned.structured_output !== undefined && !isPlainObject(returned.structured_output)) {
    return { problem: '"structured_output" must be a JSON object' };
  }
  if (returned.details !== undefined && !isPlainObject(returned.details)) {
    return { problem: '"details" must be an object' };
  }
  const flag = returned.is_error ?? returned.isError;
  if (flag !== undefined && typeof flag !== 'boolean') {
    return { problem: '"is_error" must be a boolean' };
  }
  return {
    output: returned.output,
    structured: returned.structured_output,
    details: isPlainObject(returned.details) ? returned.details : {},
    control: returned.control,
    isError: flag === true,
  };
}

/**
 * An MCP `CallToolResult`: text blocks become the output, joined by newlines; images and audio are
 * named in the output and kept in `details.media` (one image alone is also the `structured_output`, in
 * the shape `read` gives an image: `mime_type`, `data_base64`, `bytes`); an embedded resource is its URI
 * and text; a resource link is its URI. `structuredContent` is the `structured_output`.
 */
function readMcpResult(returned: Record<string, unknown>): ReadReturned {
  const blocks = returned.content as unknown[];
  if (returned.isError !== undefined && typeof returned.isError !== 'boolean') {
    return { problem: '"isError" must be a boolean' };
  }
  if (returned.structuredContent !== undefined && !isPlainObject(returned.structuredContent)) {
    return { problem: '"structuredContent" must be a JSON object' };
  }
  const lines: string[] = [];
  const media: Media[] = [];
  for (const [index, block] of blocks.entries()) {
    const line = contentLine(block, media);
    if (line === undefined) {
      return {
        problem: `content[${index}] is not an MCP content block (text, image, audio, resource or resource_link)`,
      };
    }
    lines.push(line);
  }
  const image = media.length === 1 && media[0]?.type === 'image' ? media[0] : undefined;
  const structured = isPlainObject(returned.structuredContent)
    ? returned.structuredContent
    : image
      ? { mime_type: image.mime_type, data_base64: image.data_base64, bytes: image.bytes }
      : undefined;
  return {
    output: lines.join('\n'),
    structured,
    details: media.length > 0 ? { media } : {},
    control: undefined,
    isError: returned.isError === true,
  };
}

/** The output line of one content block, or `undefined` when it is not one. */
function contentLine(block: unknown, media: Media[]): string | undefined {
  if (!isPlainObject(block)) return undefined;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : undefined;
    case 'image':
    case 'audio': {
      if (typeof block.data !== 'string' || typeof block.mimeType !== 'string') return undefined;
      const bytes = base64Bytes(block.data);
      media.push({ type: block.type, mime_type: block.mimeType, data_base64: block.data, bytes });
      return `[${block.type === 'image' ? 'Image' : 'Audio'}: ${block.mimeType}, ${formatSize(bytes)}]`;
    }
    case 'resource': {
      const resource = block.resource;
      if (!isPlainObject(resource) || typeof resource.uri !== 'string') return undefined;
      if (typeof resource.text === 'string') return `Resource ${resource.uri}:\n${resource.text}`;
      const type = typeof resource.mimeType === 'string' ? resource.mimeType : 'binary';
      const size = typeof resource.blob === 'string' ? `, ${formatSize(base64Bytes(resource.blob))}` : '';
      return `[Resource ${resource.uri}: ${type}${size}]`;
    }
    case 'resource_link': {
      if (typeof block.uri !== 'string') return undefined;
      const name = typeof block.name === 'string' && block.name !== '' ? ` (${block.name})` : '';
      return `[Resource link: ${block.uri}${name}]`;
    }
    default:
      return undefined;
  }
}

/** Bytes a base64 text decodes to. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.replace(/\s+/g, '').length * 3) / 4) - padding);
}
