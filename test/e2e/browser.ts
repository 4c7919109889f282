/**
 * Headless Chromium for end-to-end UI tests: the machine's Debian `chromium` (never a
 * downloaded browser) driven by playwright-core, with a fresh profile that is removed on close.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, offline, deterministic: no GPU, no QUIC, no background fetches of any kind. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export async function launchChromium(options: { viewport?: { width: number; height: number } } = {}): Promise<Browser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ARGS,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      timeout: 60_000,
    });
    return {
      context,
      async close() {
        await context.close().catch(() => undefined);
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
