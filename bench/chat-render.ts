/**
 * The browser's cost of drawing a streaming answer as Markdown: the real server process, a model
 * server in this process that streams a ~1,000-line Markdown answer (headings, lists, tables,
 * quotes, code blocks) in ~2,000 paced deltas, and headless Chromium on the real chat page.
 *
 * Measured: the page's main-thread busy time (CDP `Performance.getMetrics` TaskDuration in thread
 * time, with its script, style and layout parts) over the stream divided by the deltas; the same over the first
 * and the last hundred deltas (flat with answer length: the last hundred cost about what the
 * first did); the worst long task (PerformanceObserver `longtask`, ≥ 50 ms) while streaming.
 * Baseline, same run, same page and stream: the answer's deltas appended as plain text to one
 * text node (what the chat view did before it drew Markdown), read from `/api/chat` by a script
 * in the page. The model pauses at the checkpoints (before the first delta, after the first
 * hundred, before the last hundred, after the last) so each sample is taken with the page idle.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession, Page } from 'playwright-core';
import { freePort } from '../test/e2e/server-process.js';
import { launchChromium, type Browser } from '../test/e2e/browser.js';
import { chatChunk, sseData, usageChunk } from '../test/peers/fake-openai.js';
import { blocksOf, splitBlocks } from '../web/src/components/markdown/blocks.js';
import { benchAgent } from './lib/api.js';
import { longMarkdown, toDeltas } from './lib/markdown-answer.js';
import { launchServer, stopChild } from './lib/processes.js';
import type { BenchOutcome, Row } from './lib/report.js';
import { ratio, round } from './lib/stats.js';

/** Pause between deltas: about what a model streaming 60–100 tokens/s leaves between chunks. */
const PACE_MS = 8;
/** Deltas in each of the first/last windows compared for flatness. */
const WINDOW = 100;
/** Idle time at a checkpoint before the page's counters are read. */
const SETTLE_MS = 400;
/**
 * Per delta, the Markdown page may cost at most this much more than the same stream appended as
 * plain text in the same page (both following the stream to the bottom, as the chat view does).
 */
const PER_DELTA_TARGET_RATIO = 1.1;
const FLAT_TARGET = 1.5;

interface Sample {
  task: number;
  script: number;
  layout: number;
  style: number;
  /** The page's `performance.now()`. */
  pageNow: number;
}

async function sample(cdp: CDPSession, page: Page): Promise<Sample> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const pageNow = (await page.evaluate('performance.now()')) as number;
  return { task: value('TaskDuration'), script: value('ScriptDuration'), layout: value('LayoutDuration'), style: value('RecalcStyleDuration'), pageNow };
}

interface Phase {
  deltas: number;
  /** Main-thread ms per delta over the whole stream, and its parts. */
  perDeltaMs: number;
  scriptPerDeltaMs: number;
  layoutPerDeltaMs: number;
  stylePerDeltaMs: number;
  firstWindowMs: number;
  lastWindowMs: number;
  /** The script part of the two windows (what grows if the drawing redoes work per block). */
  firstWindowScriptMs: number;
  lastWindowScriptMs: number;
  worstLongTaskMs: number;
  /** Where the worst long task began, in ms after the first delta was sent. */
  worstLongTaskAtMs: number | null;
  longTasks: number;
}

function phaseOf(samples: Sample[], deltas: number, longTasks: { start: number; duration: number }[]): Phase {
  const [start, first, lastStart, end] = samples as [Sample, Sample, Sample, Sample];
  const during = longTasks.filter((t) => t.start >= start.pageNow && t.start <= end.pageNow);
  const per = (key: keyof Sample) => round((end[key] - start[key]) / deltas, 3);
  const worst = during.reduce<{ start: number; duration: number } | undefined>((w, t) => (w && w.duration >= t.duration ? w : t), undefined);
  return {
    deltas,
    perDeltaMs: per('task'),
    scriptPerDeltaMs: per('script'),
    layoutPerDeltaMs: per('layout'),
    stylePerDeltaMs: per('style'),
    firstWindowMs: round((first.task - start.task) / WINDOW, 3),
    lastWindowMs: round((end.task - lastStart.task) / WINDOW, 3),
    firstWindowScriptMs: round((first.script - start.script) / WINDOW, 3),
    lastWindowScriptMs: round((end.script - lastStart.script) / WINDOW, 3),
    worstLongTaskMs: round(worst?.duration ?? 0),
    worstLongTaskAtMs: worst ? round(worst.start - start.pageNow) : null,
    longTasks: during.length,
  };
}

/**
 * An OpenAI-compatible chat endpoint that streams `script.deltas` paced, calling `checkpoint`
 * (and waiting for it) before the first delta, after the first window, before the last window
 * and after the last delta.
 */
async function startPacedModel(): Promise<{ origin: string; play(deltas: string[], checkpoint: (index: number) => Promise<void>): void; close(): Promise<void> }> {
  let script: { deltas: string[]; checkpoint: (index: number) => Promise<void> } = { deltas: ['Ready.'], checkpoint: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'md' }] }));
      return;
    }
    const { deltas, checkpoint } = script;
    script = { deltas: ['Ready.'], checkpoint: async () => undefined };
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    void (async () => {
      const marks = new Set([0, WINDOW, deltas.length - WINDOW]);
      for (let i = 0; i < deltas.length; i++) {
        if (marks.has(i)) await checkpoint(i);
        res.write(sseData(chatChunk(i === 0 ? { role: 'assistant', content: deltas[i] } : { content: deltas[i] })));
        await sleep(PACE_MS);
      }
      await checkpoint(deltas.length);
      res.write(sseData(chatChunk({}, 'stop')));
      res.write(sseData(usageChunk({ prompt_tokens: 20, completion_tokens: deltas.length, total_tokens: 20 + deltas.length })));
      res.end(sseData('[DONE]'));
    })();
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    play(deltas, checkpoint) {
      script = { deltas, checkpoint };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Page scripts, as source text: a function handed to Playwright would be serialised from what tsx
 * compiled, helpers included, which the page does not have.
 * Long tasks are collected from the page's start on (installed before any page script runs).
 */
const OBSERVE_LONG_TASKS = `
  window.svcLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.svcLongTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** The baseline, run in the page: the chat stream's deltas appended to one text node. */
const APPEND_PLAIN_TEXT = `async (body) => {
  const box = document.createElement('li');
  box.style.whiteSpace = 'pre-wrap';
  box.style.listStyle = 'none';
  document.querySelector('ol.messages').append(box);
  const text = document.createTextNode('');
  box.append(text);
  const response = await fetch('/api/chat', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' }, body: JSON.stringify(body) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let deltas = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let nl;
    while ((nl = buffered.indexOf('\\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (!line.trim()) continue;
      const event = JSON.parse(line);
      if (event.type === 'assistant.delta') {
        text.data += event.data.delta ?? '';
        // Follows the stream the way the chat view does (it scrolls the page to the end).
        requestAnimationFrame(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
        deltas += 1;
      }
    }
  }
  box.remove();
  return deltas;
}`;

export async function runChatRenderBench(): Promise<BenchOutcome> {
  const answer = longMarkdown();
  const deltas = toDeltas(answer);
  const model = await startPacedModel();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-render-'));
  const server = await launchServer({ dataDir, port: await freePort(), timeoutMs: 60_000 });
  let browser: Browser | undefined;
  try {
    await benchAgent(server.url, model.origin, ['md'], 'md');
    browser = await launchChromium();
    const page = await browser.context.newPage();
    await page.addInitScript({ content: OBSERVE_LONG_TASKS });
    const cdp = await browser.context.newCDPSession(page);
    // Thread time, not wall time: on a loaded machine a preempted task would count the wait.
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await page.goto(`${server.url}/#/chat/${encodeURIComponent('bench/bench-render')}`);
    await page.getByLabel('Message', { exact: true }).waitFor();

    const send = async (message: string) => {
      await page.getByLabel('Message', { exact: true }).fill(message);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('[data-role="assistant-live"]').waitFor({ timeout: 60_000 });
      await page.locator('[data-role="assistant-live"]').waitFor({ state: 'detached', timeout: 300_000 });
    };
    const checkpointInto = (samples: Sample[]) => async () => {
      await sleep(SETTLE_MS);
      samples.push(await sample(cdp, page));
    };

    // Warm-up: the highlighter chunk, the code paths of every block type, the JIT.
    model.play(toDeltas(answer.slice(0, 4000)), async () => undefined);
    await send('warm up');

    // Baseline first: plain text appended to one text node.
    const plainSamples: Sample[] = [];
    model.play(deltas, checkpointInto(plainSamples));
    const plainDeltas = await page.evaluate(`(${APPEND_PLAIN_TEXT})(${JSON.stringify({ agentId: 'bench', sessionId: 'plain', message: 'the plan' })})`);

    const mdSamples: Sample[] = [];
    model.play(deltas, checkpointInto(mdSamples));
    await send('the plan, as Markdown');
    // The stored answer replaces the live one once the transcript is read again.
    const blocks = blocksOf(splitBlocks(answer)).filter((b) => b.token.type !== 'space').length;
    const drawn = page.locator('[data-role="assistant"]').last().locator('.md > *');
    for (const deadline = Date.now() + 60_000; (await drawn.count()) !== blocks; await sleep(100)) {
      if (Date.now() > deadline) throw new Error(`the stored answer shows ${await drawn.count()} blocks, not ${blocks}`);
    }

    const longTasks = (await page.evaluate('window.svcLongTasks')) as { start: number; duration: number }[];
    const plain = phaseOf(plainSamples, deltas.length, longTasks);
    const md = phaseOf(mdSamples, deltas.length, longTasks);
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    const flat = ratio(md.lastWindowMs, md.firstWindowMs);
    const rows: Row[] = [
      {
        benchmark: 'chat-render: main thread per delta, Markdown vs plain text',
        measured: ms(md.perDeltaMs),
        baseline: ms(plain.perDeltaMs),
        ratio: ratio(md.perDeltaMs, plain.perDeltaMs)?.toFixed(2) ?? 'n/a',
        target: `≤ ${PER_DELTA_TARGET_RATIO}× plain text`,
        result: md.perDeltaMs <= PER_DELTA_TARGET_RATIO * plain.perDeltaMs ? 'PASS' : 'MISS',
      },
      {
        benchmark: `chat-render: last ${WINDOW} deltas vs first ${WINDOW} (Markdown)`,
        measured: ms(md.lastWindowMs),
        baseline: ms(md.firstWindowMs),
        ratio: flat?.toFixed(2) ?? 'n/a',
        target: `flat (≤ ${FLAT_TARGET}×)`,
        result: flat !== null && flat <= FLAT_TARGET ? 'PASS' : 'MISS',
      },
      {
        benchmark: 'chat-render: worst long task while streaming',
        measured: md.longTasks === 0 ? 'none ≥ 50 ms' : `${md.worstLongTaskMs} ms (${md.longTasks} in all)`,
        baseline: plain.longTasks === 0 ? 'none ≥ 50 ms' : `${plain.worstLongTaskMs} ms (${plain.longTasks} in all)`,
        ratio: '-',
        target: 'reported',
        result: 'info',
      },
    ];
    return {
      rows,
      notes: [
        `chat-render: ${deltas.length} deltas (${answer.split('\n').length} lines, ${answer.length} characters, ${blocks} blocks drawn), one every ${PACE_MS} ms; the plain-text page read ${plainDeltas} delta events`,
        `chat-render: per delta, Markdown: script ${ms(md.scriptPerDeltaMs)}, style ${ms(md.stylePerDeltaMs)}, layout ${ms(md.layoutPerDeltaMs)}; plain text: script ${ms(plain.scriptPerDeltaMs)}, style ${ms(plain.stylePerDeltaMs)}, layout ${ms(plain.layoutPerDeltaMs)}`,
        `chat-render: Markdown script per delta, last ${WINDOW} ${ms(md.lastWindowScriptMs)} vs first ${ms(md.firstWindowScriptMs)}; plain text, last ${WINDOW} deltas ${ms(plain.lastWindowMs)} vs first ${ms(plain.firstWindowMs)}`,
        ...(md.worstLongTaskAtMs !== null
          ? [`chat-render: the worst Markdown long task began ${md.worstLongTaskAtMs} ms into the stream (which lasts about ${Math.round((deltas.length * PACE_MS) / 1000)} s plus the pauses)`]
          : []),
      ],
      raw: { deltas: deltas.length, characters: answer.length, paceMs: PACE_MS, markdown: md, plain, plainDeltaEvents: plainDeltas, blocks },
    };
  } finally {
    await browser?.close();
    await stopChild(server.child);
    await model.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
