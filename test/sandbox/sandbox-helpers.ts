import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ModSource } from '../../kernel/mods/mod-discovery.js';
import type { TestKernel } from '../../sdk/testing/index.js';
import { json } from '../helpers.js';
import { approveAndEnable } from '../kits/mod-approval.js';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'sandbox-mods');

/** Booted the way installed Git mods are: untrusted, in the isolate runtime. */
export const SANDBOX_GUESTS: ModSource = { root: path.join(fixtures, 'guests'), system: false, sandboxed: true };
/** In-process helpers that reach kernel services for the tests. */
export const SANDBOX_TRUSTED: ModSource = { root: path.join(fixtures, 'trusted'), system: false };

/** System mods the sandbox tests need: health (a route of another owner) and diagnostics. */
export const SANDBOX_SYSTEM_MODS = ['health', 'diagnostics'];

/** Enables a sandboxed fixture the way an operator does: approves what it asks for (and the loopback or private hosts `privateHosts` grants), then enables. */
export const enable = (t: TestKernel, modId: string, options: { privateHosts?: string[] } = {}) => approveAndEnable(t, modId, options.privateHosts);
export const disable = (t: TestKernel, modId: string) => t.request(json('POST', `/api/mod-management/${modId}/disable`));

export async function modStatus(t: TestKernel, modId: string): Promise<{ status: string; error?: { code: string; message: string } }> {
  const { body } = await t.request('/api/mods');
  return body.mods.find((m: { id: string }) => m.id === modId);
}

/** Waits (without a clock) until the mod reaches `status`: revocation after a dead process is asynchronous. */
export async function untilStatus(t: TestKernel, modId: string, status: string): Promise<{ status: string; error?: { code: string; message: string } }> {
  for (;;) {
    const mod = await modStatus(t, modId);
    if (mod.status === status) return mod;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The pid of the sandbox process this test's kernel runs for `modId` (its argv names the mod). */
export function sandboxPid(modId: string): number | undefined {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('\n');
  const line = lines.find((l) => l.includes('sandbox-worker.mjs') && l.trim().endsWith(` ${modId}`));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}
