/**
 * Idle memory split into the embedded database, the kernel and each system mod
 * (`npm run bench -- --only idle-split`): the kernel is booted in a child process
 * (bench/kernel-rss.ts) on one existing data dir, with no mod, with every mod, and with each
 * mod and what it depends on. PGlite is the RSS its module and its open added; the kernel is the
 * idle RSS with no mod minus that. Per mod, RSS moves by ±20 MiB from one process to the next,
 * so a mod is given as the JavaScript memory it adds after full collections (heap used plus
 * external, with its dependencies, minus the kernel's without mods). Runs from sources through
 * tsx (the same in every row). Reported only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../kernel/config.js';
import { stopChild, timedServerStart, waitForExit } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { fmt, median } from './lib/stats.js';
import { spawn } from 'node:child_process';

interface KernelRss {
  beforeRss: number;
  openRss: number;
  idleRss: number;
  idleHeapUsed: number;
  idleExternal: number;
  mods: string[];
}

function systemMods(): Map<string, string[]> {
  const dir = path.join(projectRoot, 'system-mods');
  const mods = new Map<string, string[]>();
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name, 'mod.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { id: string; dependsOn?: string[] };
    mods.set(manifest.id, manifest.dependsOn ?? []);
  }
  return mods;
}

function withDependencies(id: string, mods: Map<string, string[]>, into = new Set<string>()): Set<string> {
  if (into.has(id)) return into;
  into.add(id);
  for (const dep of mods.get(id) ?? []) withDependencies(dep, mods, into);
  return into;
}

async function kernelRss(dataDir: string, only: string): Promise<KernelRss> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/kernel-rss.ts', dataDir, only], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  try {
    const code = await waitForExit(child, 120_000);
    const line = out.split('\n').find((l) => l.startsWith('KERNEL_RSS '));
    if (code !== 0 || !line) throw new Error(`kernel-rss ${only} exited with ${code}:\n${out}`);
    return JSON.parse(line.slice('KERNEL_RSS '.length)) as KernelRss;
  } finally {
    await stopChild(child);
  }
}

export async function runIdleRssSplit(dataDir: string): Promise<BenchOutcome> {
  if (!existsSync(path.join(dataDir, 'pglite'))) {
    // A data dir a server made on its first start, as the startup benchmark leaves it.
    const { server } = await timedServerStart(dataDir, 120_000);
    await stopChild(server.child);
  }
  const mods = systemMods();
  const none = await kernelRss(dataDir, '-');
  const all = await kernelRss(dataDir, 'all');
  const pglite = median([none.openRss - none.beforeRss, all.openRss - all.beforeRss]);
  const kernel = none.idleRss - none.openRss;
  const perMod: { id: string; with: string[]; bytes: number }[] = [];
  for (const id of [...mods.keys()].sort()) {
    const set = [...withDependencies(id, mods)];
    const run = await kernelRss(dataDir, set.join(','));
    perMod.push({ id, with: set.filter((m) => m !== id), bytes: run.idleHeapUsed + run.idleExternal - (none.idleHeapUsed + none.idleExternal) });
  }
  perMod.sort((a, b) => b.bytes - a.bytes);
  const rows: Row[] = [
    { benchmark: 'RSS: PGlite (its module and open; varies widely)', measured: fmt.mib(pglite), baseline: '-', ratio: '-', target: 'reported only', result: 'info' },
    { benchmark: 'Idle RSS: kernel, no mod (above PGlite)', measured: fmt.mib(kernel), baseline: '-', ratio: '-', target: 'reported only', result: 'info' },
    { benchmark: 'Idle RSS: all system mods (above the kernel)', measured: fmt.mib(all.idleRss - none.idleRss), baseline: '-', ratio: '-', target: 'reported only', result: 'info' },
    {
      benchmark: 'Idle heap used + external: all system mods (above the kernel)',
      measured: fmt.mib(all.idleHeapUsed + all.idleExternal - (none.idleHeapUsed + none.idleExternal)),
      baseline: '-',
      ratio: '-',
      target: 'reported only',
      result: 'info',
    },
    { benchmark: 'Idle RSS: whole process, all mods (tsx)', measured: fmt.mib(all.idleRss), baseline: '-', ratio: '-', target: 'reported only', result: 'info' },
  ];
  const notes = [
    `heap used + external above the kernel's, per mod with its dependencies: ${perMod.map((m) => `${m.id}${m.with.length ? ` (+${m.with.join('+')})` : ''} ${fmt.mib(m.bytes)}`).join(', ')}`,
    `before the database (node, tsx, the configuration and the logger): ${fmt.mib(none.beforeRss)}; heap used idle: ${fmt.mib(none.idleHeapUsed)} without mods, ${fmt.mib(all.idleHeapUsed)} with all; external ${fmt.mib(none.idleExternal)} and ${fmt.mib(all.idleExternal)}`,
  ];
  return { rows, notes, raw: { none, all, pgliteBytes: pglite, kernelBytes: kernel, perMod } };
}
