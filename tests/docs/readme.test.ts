/**
 * README.md is the front door: at most 200 lines with what the package is, a screenshot, install, a
 * quick start of at most 10 lines (library and playground), the exposure-mode table and links; the rest
 * lives in docs/. Every relative link of the README and of docs/ reaches a file (and a heading, when it
 * names one), and every docs/ page can be reached from the README.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPOSURE_MODES } from '../../src/index.ts';
import { documentationFiles, extractSnippets, ROOT } from './snippets.ts';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const readme = read('README.md');

/** The text of the `## title` section of a markdown page, up to the next `## `. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start === -1) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

/** A heading's anchor as GitHub makes it: lowercase, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Relative link targets of a markdown page outside code blocks, as `[path, anchor]`. */
function linksOf(markdown: string): [string, string | undefined][] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => {
      const [path = '', anchor] = target.split('#');
      return [path, anchor];
    });
}

/** `page: target` for every relative link of `page` whose file or heading is not there. */
function brokenLinks(page: string, markdown: string): string[] {
  return linksOf(markdown).flatMap(([path, anchor]) => {
    const target = path === '' ? page : normalize(join(dirname(page), path));
    if (!existsSync(join(ROOT, target))) return [`${page}: ${path}`];
    if (anchor === undefined) return [];
    const headings = [...read(target).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? ''));
    return headings.includes(anchor) ? [] : [`${page}: ${path}#${anchor}`];
  });
}

describe('README.md, the front door', () => {
  it('is at most 200 lines: what it is, install, quick start, exposure modes, documentation', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
    const titles = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(titles).toEqual(['Install', 'Quick start', 'Exposure modes', 'Documentation', 'License']);
    expect(readme.slice(0, readme.indexOf('\n## ')).split(/\s+/).length).toBeGreaterThan(50);
  });

  it('shows a screenshot of the playground that is in the repository', () => {
    const image = /!\[([^\]]+)\]\(([^)]+\.png)\)/.exec(readme);
    expect(image?.[1]).toMatch(/playground/i);
    expect(existsSync(join(ROOT, image?.[2] ?? 'missing.png'))).toBe(true);
  });

  it('starts the playground in one command and the library in a runnable block of at most 10 lines', () => {
    const quickStart = section(readme, 'Quick start');
    expect(quickStart).toContain('npm install && npm run dev');
    const [library, ...more] = extractSnippets(quickStart, 'README.md');
    expect(more).toEqual([]);
    expect(library?.run).toBe(true);
    expect(library?.code.trimEnd().split('\n').length).toBeLessThanOrEqual(10);
  });

  it('has the exposure-mode table, one row per mode', () => {
    const rows = section(readme, 'Exposure modes')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => /^\| `([a-z_]+)`/.exec(line)?.[1]);
    expect(rows).toEqual([...EXPOSURE_MODES]);
  });
});

describe('links of README.md and docs/', () => {
  const pages = documentationFiles(readdirSync(join(ROOT, 'docs')));

  it('every relative link reaches a file, and the heading it names', () => {
    expect(pages.flatMap((page) => brokenLinks(page, read(page)))).toEqual([]);
  });

  it('every docs/ page can be reached from the README', () => {
    const reached = new Set(['README.md']);
    const queue = ['README.md'];
    for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
      for (const [path] of linksOf(read(page))) {
        const target = normalize(join(dirname(page), path));
        if (target.endsWith('.md') && target.startsWith('docs/') && !reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    expect(pages.filter((page) => !reached.has(page))).toEqual([]);
  });

  it('the link check sees a missing file and a missing heading', () => {
    expect(anchorOf('Bash limits (embedded backend)')).toBe('bash-limits-embedded-backend');
    expect(
      brokenLinks(
        'docs/x.md',
        '[a](security.md#bash-limits-embedded-backend) [b](nowhere.md) [c](tools.md#nope)',
      ),
    ).toEqual(['docs/x.md: nowhere.md', 'docs/x.md: tools.md#nope']);
  });
});
