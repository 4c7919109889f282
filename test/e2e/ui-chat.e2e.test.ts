/**
 * The chat console in a real browser against the real server process and the fake
 * OpenAI-compatible model server (real SSE over loopback): what an operator does all day —
 * send and read a streamed answer, stop it, steer it, queue the next message, keep a refused
 * draft, switch sessions while an answer streams, reload in the middle of one, edit a question,
 * regenerate an answer, watch tool calls — and what the browser showed is what the server kept.
 */
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './browser.js';
import { modelAnswer, uiSuite, until } from '../kits/ui-kit.js';
import { chatChunk, sseData } from '../peers/fake-openai.js';

const ui = uiSuite({ agents: ['ada', 'bob'], model: { agents: ['ada'] } });
const { page, api } = ui;

const composer = () => page.getByLabel('Message', { exact: true });
const live = () => page.locator('[data-role="assistant-live"]');
const answers = () => page.locator('[data-role="assistant"]');

/** A slow answer: `count` pieces, `delayMs` apart, so a test can act while it streams. */
function slowAnswer(count: number, delayMs: number, word = 'word') {
  return { ...modelAnswer(...Array.from({ length: count }, (_, i) => `${word}${i} `)), delayMs };
}

function toolCall(name: string, args: unknown, id = 'call_1') {
  return {
    events: [sseData(chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] })), sseData(chatChunk({}, 'tool_calls')), sseData('[DONE]')],
  };
}

/** Opens a fresh conversation of `agent` (a new chat). */
async function newChat(agent = 'ada', session = `t-${Math.random().toString(36).slice(2, 8)}`) {
  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent(`${agent}/${session}`)}`);
  await composer().waitFor();
  return session;
}

async function transcript(agent: string, session: string) {
  const res = await api('GET', `/api/sessions/${encodeURIComponent(session)}?agentId=${agent}`);
  return res.status === 200 ? (res.body.messages as Array<{ role: string; content: string; meta: any }>) : [];
}

describe('a turn', () => {
  it('is the home page: streams the answer, follows it, keeps focus in the composer, and lists the session', async () => {
    ui.fake.chat({ ...modelAnswer('Hello ', 'from the model.'), delayMs: 30 });
    await page.goto(`${ui.server.url}/`);
    await composer().waitFor();
    expect(page.url()).toMatch(/#\/chat\/ada%2Fchat-/);
    await composer().fill('Say hello');
    await composer().press('Enter');
    await answers().filter({ hasText: 'Hello from the model.' }).waitFor();
    expect(await page.locator('[data-role="user"]').last().innerText()).toContain('Say hello');
    // Focus is back in the composer, which is empty and usable.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
    expect(await composer().inputValue()).toBe('');

    const session = decodeURIComponent(page.url().split('#/chat/')[1]!).split('/')[1]!;
    expect((await transcript('ada', session)).map((m) => m.content)).toEqual(['Say hello', 'Hello from the model.']);
    await page.getByRole('list', { name: 'Sessions' }).getByText('Say hello').waitFor();
    // The completed answer is announced once, in the polite live region.
    await until(
      () => page.locator('[aria-live="polite"][aria-atomic="true"]').innerText(),
      (text) => text.includes('Hello from the model.'),
      'the answer to be announced',
    );
    await ui.screenshot('chat-answer', { narrow: true });
  });

  it('Shift+Enter breaks the line and Enter sends', async () => {
    const session = await newChat();
    ui.fake.chat(modelAnswer('ok'));
    await composer().fill('line one');
    await composer().press('Shift+Enter');
    await composer().pressSequentially('line two');
    expect(await composer().inputValue()).toBe('line one\nline two');
    await composer().press('Enter');
    await answers().filter({ hasText: 'ok' }).waitFor();
    expect((await transcript('ada', session))[0]!.content).toBe('line one\nline two');
  });

  it('a slash command answers at once', async () => {
    await newChat();
    await composer().fill('/help');
    await composer().press('Enter');
    await page.getByRole('list', { name: 'Conversation' }).getByText('/reset —').waitFor();
  });
});

describe('while an answer streams', () => {
  it('Stop is only Stop: the run ends cancelled, the partial answer stays, nothing is reset', async () => {
    const session = await newChat();
    ui.fake.chat(slowAnswer(60, 100));
    await composer().fill('Count slowly');
    await composer().press('Enter');
    await live().getByText('word2').waitFor();
    // Stop stands alone: nothing that resets or deletes sits beside it.
    expect(
      await page
        .getByRole('form', { name: 'Composer' })
        .getByRole('button', { name: /reset|delete|purge/i })
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page
      .getByText(/Stopped/)
      .first()
      .waitFor();
    const messages = await transcript('ada', session);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', meta: { outcome: 'cancelled' } });
    expect(await page.getByRole('button', { name: 'Send' }).isVisible()).toBe(true);
  });

  it('the composer steers the running answer; the steering shows as steering and is delivered', async () => {
    const session = await newChat();
    // The first model call asks for a tool (a step boundary where steering is delivered), the second answers.
    // The tool call is held until the steering is stored, so the step boundary comes after it on any machine.
    const steered = page.waitForResponse((res) => /\/api\/chat\/[^/]+\/steer$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST');
    ui.fake.chat({ ...toolCall('workspace_list', {}), until: steered });
    ui.fake.chat(modelAnswer('Steered answer.'));
    await composer().fill('List my files');
    await composer().press('Enter');
    await live().waitFor();
    await composer().fill('Only markdown files, please');
    await composer().press('Enter');
    expect((await steered).status()).toBe(201);
    const note = page.locator('[data-role="steering"]', { hasText: 'Only markdown files, please' });
    await note.first().waitFor();
    await answers().filter({ hasText: 'Steered answer.' }).waitFor();
    const messages = await transcript('ada', session);
    expect(messages.find((m) => m.content === 'Only markdown files, please')?.meta.steeringId).toEqual(expect.any(String));
    await page.locator('[data-role="steering"]', { hasText: 'Only markdown files, please' }).waitFor();
    // The model saw the steering in its second call.
    const second = ui.fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
    expect(JSON.stringify(second.messages)).toContain('Only markdown files, please');
  });

  it('Queue sends the next message once the answer ends', async () => {
    const session = await newChat();
    ui.fake.chat(slowAnswer(10, 80, 'first'));
    ui.fake.chat(modelAnswer('Second answer.'));
    await composer().fill('First question');
    await composer().press('Enter');
    await live().waitFor();
    await composer().fill('Second question');
    await page.getByRole('button', { name: 'Queue' }).click();
    await page.getByRole('list', { name: 'Queued messages' }).getByText('Second question').waitFor();
    await answers().filter({ hasText: 'Second answer.' }).waitFor();
    expect((await transcript('ada', session)).filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['First question', 'Second question']);
  });

  it('switching session leaves the answer in its own session, and it is there on return', async () => {
    const first = await newChat();
    ui.fake.chat(slowAnswer(25, 80, 'live'));
    await composer().fill('Stream in the first session');
    await composer().press('Enter');
    await live().getByText('live1').waitFor();
    await newChat('ada', 'elsewhere');
    expect(await live().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).count()).toBe(0);
    await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent(`ada/${first}`)}`);
    await answers().filter({ hasText: 'live24' }).waitFor();
  });

  it('follows the stream to the bottom, stops following when scrolled up, and offers Jump to latest', async () => {
    await newChat();
    ui.fake.chat({ ...modelAnswer(...Array.from({ length: 80 }, (_, i) => `line ${i}\n\n`)), delayMs: 60 });
    await composer().fill('Write a long answer');
    await composer().press('Enter');
    await live().getByText('line 30').waitFor();
    const gap = () => page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight));
    expect(await gap()).toBeLessThan(100);
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, -2000);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    await answers().filter({ hasText: 'line 79' }).waitFor();
    expect(await gap()).toBeGreaterThan(200); // left where the operator was reading
    await jump.click();
    await jump.waitFor({ state: 'detached' });
    expect(await gap()).toBeLessThan(100);
  });

  it('a connection that drops mid-answer resumes after the last event it got, and the answer is whole', async () => {
    const session = await newChat();
    ui.fake.chat(modelAnswer(...Array.from({ length: 30 }, (_, i) => `piece${i} `)));
    // The turn's stream is cut after its first six events (no terminal event): the page must resume.
    await page.route(
      '**/api/chat',
      async (route) => {
        const response = await route.fetch();
        const lines = (await response.text()).split('\n').filter(Boolean);
        await route.fulfill({ response, body: `${lines.slice(0, 6).join('\n')}\n` });
      },
      { times: 1 },
    );
    const resumed = page.waitForRequest((request) => /\/api\/chat\/runs\/[^/]+\/events\?.*after=6\b/.test(request.url()));
    await composer().fill('Survive a drop');
    await composer().press('Enter');
    await resumed;
    await answers().filter({ hasText: 'piece29' }).waitFor();
    const stored = (await transcript('ada', session)).at(-1)!.content;
    expect(stored).toBe(Array.from({ length: 30 }, (_, i) => `piece${i} `).join(''));
    expect((await answers().last().locator('.answer').innerText()).trim()).toBe(stored.trim());
  });

  it('a reload re-attaches to the running turn, which completes on screen', async () => {
    const session = await newChat();
    ui.fake.chat(slowAnswer(30, 100, 'tick'));
    await composer().fill('Keep going');
    await composer().press('Enter');
    await live().getByText('tick3').waitFor();
    await page.reload();
    // The question and the answer so far come back from the run's stored events, then the live tail.
    await live()
      .getByText('Keep going')
      .or(page.locator('[data-role="user"]', { hasText: 'Keep going' }))
      .first()
      .waitFor();
    await answers().filter({ hasText: 'tick29' }).waitFor({ timeout: 20_000 });
    expect((await transcript('ada', session)).at(-1)!.content).toContain('tick0 tick1');
  });
});

describe('a refused send', () => {
  it('keeps the draft and says what to do, with a link to where it is fixed', async () => {
    await newChat('bob'); // bob has no model
    await composer().fill('Are you there?');
    await composer().press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: /model/i });
    await alert.waitFor();
    expect(await alert.getByRole('link').getAttribute('href')).toBe('#/agents/bob');
    expect(await composer().inputValue()).toBe('Are you there?');
    await ui.screenshot('chat-refused');
  });
});

describe('editing and regenerating', () => {
  it('an edited question continues in a fork from there; the original stays', async () => {
    const session = await newChat();
    ui.fake.chat(modelAnswer('Paris.'));
    await composer().fill('Capital of France?');
    await composer().press('Enter');
    await answers().filter({ hasText: 'Paris.' }).waitFor();
    ui.fake.chat(modelAnswer('Rome.'));
    await page.locator('[data-role="user"]', { hasText: 'Capital of France?' }).hover();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit your message').fill('Capital of Italy?');
    await page.getByRole('button', { name: 'Send as a new chat' }).click();
    await answers().filter({ hasText: 'Rome.' }).waitFor();
    const fork = decodeURIComponent(page.url().split('#/chat/')[1]!).split('/')[1]!;
    expect(fork).not.toBe(session);
    expect((await transcript('ada', fork)).map((m) => m.content)).toEqual(['Capital of Italy?', 'Rome.']);
    expect((await transcript('ada', session)).map((m) => m.content)).toEqual(['Capital of France?', 'Paris.']);
  });

  it('Regenerate asks the last question again', async () => {
    await newChat();
    ui.fake.chat(modelAnswer('One answer.'));
    await composer().fill('Give me an answer');
    await composer().press('Enter');
    await answers().filter({ hasText: 'One answer.' }).waitFor();
    ui.fake.chat(modelAnswer('Another answer.'));
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await answers().filter({ hasText: 'Another answer.' }).waitFor();
    const fork = decodeURIComponent(page.url().split('#/chat/')[1]!).split('/')[1]!;
    expect((await transcript('ada', fork)).map((m) => m.content)).toEqual(['Give me an answer', 'Another answer.']);
  });
});

describe('tool calls', () => {
  it('shows each call as a card with its arguments and result, live and after the run', async () => {
    await newChat();
    ui.fake.chat({ ...toolCall('workspace_list', { path: '.' }), delayMs: 300 });
    ui.fake.chat(modelAnswer('Listed.'));
    await composer().fill('What files are there?');
    await composer().press('Enter');
    const card = page.locator('details[data-tool="workspace_list"]').first();
    await card.waitFor();
    await answers().filter({ hasText: 'Listed.' }).waitFor();
    await card.locator('summary').click();
    expect(await card.innerText()).toContain('"path": "."');
    expect(await card.innerText()).toMatch(/Result/);
    await ui.screenshot('chat-tool-card', { narrow: true });
  });
});

describe('attachments', () => {
  it('refuses a file above the per-file budget before upload, and sends an image with a thumbnail', async () => {
    const session = await newChat();
    const big = { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) };
    await page.locator('#chat-files').setInputFiles([big]);
    await page.getByRole('alert').filter({ hasText: 'big.bin is 8.0 MiB; at most 8.0 MiB per file' }).waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.locator('#chat-files').setInputFiles([{ name: 'dot.png', mimeType: 'image/png', buffer: png }]);
    await page.getByRole('list', { name: 'Files to send' }).getByText('dot.png').waitFor();
    ui.fake.chat(modelAnswer('A dot.'));
    await composer().fill('What is this?');
    await composer().press('Enter');
    await answers().filter({ hasText: 'A dot.' }).waitFor();
    await page.locator('[data-role="user"] img[alt="dot.png"]').waitFor();
    expect((await transcript('ada', session))[0]!.meta.attachments[0]).toMatchObject({ name: 'dot.png', type: 'image/png' });
  });
});

describe('files by drag and drop and by paste', () => {
  it('attaches a file dropped anywhere on the conversation and one pasted into the composer', async () => {
    await newChat();
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['# notes\n'], 'notes.md', { type: 'text/markdown' }));
      const target = document.querySelector('[data-role="conversation"]')!;
      target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    const files = page.getByRole('list', { name: 'Files to send' });
    await files.getByText('notes.md').waitFor();
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['a,b\n1,2\n'], 'table.csv', { type: 'text/csv' }));
      document.getElementById('chat-message')!.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: transfer }));
    });
    await files.getByText('table.csv').waitFor();
    // Pasting files puts no text in the box.
    expect(await composer().inputValue()).toBe('');
  });
});

describe('on a phone', () => {
  it('opens the sessions as a drawer and closes it on choosing one', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await newChat();
      expect(await page.locator('#chat-sessions').isVisible()).toBe(false);
      await page
        .getByRole('button', { name: /Sessions/ })
        .first()
        .click();
      await page.locator('#chat-sessions').waitFor({ state: 'visible' });
      await ui.screenshot('chat-phone-drawer');
      expect(await accessibilityViolations(page), 'phone drawer').toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('#chat-sessions').waitFor({ state: 'hidden' });
      // The composer is on screen without scrolling.
      const box = await composer().boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

describe('accessibility', () => {
  it('the skip link is the first stop and lands in the composer', async () => {
    await newChat();
    await page.reload(); // a fresh page: focus starts at the top
    await composer().waitFor();
    await page.keyboard.press('Tab');
    const first = page.locator(':focus');
    expect(await first.innerText()).toBe('Skip to message');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
  });

  it('has no serious or critical violation in its main states, in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      try {
        await newChat();
        expect(await accessibilityViolations(page), `empty chat, ${colorScheme}`).toEqual([]);
        ui.fake.chat({ ...toolCall('workspace_list', { path: '.' }), delayMs: 200 });
        ui.fake.chat({ ...modelAnswer('A **bold** answer with `code`.', ' And more.'), delayMs: 400 });
        await composer().fill('Check yourself');
        await composer().press('Enter');
        await live().locator('details[data-tool="workspace_list"]').waitFor();
        expect(await accessibilityViolations(page), `streaming, ${colorScheme}`).toEqual([]);
        await answers().filter({ hasText: 'And more.' }).waitFor();
        await page.locator('details[data-tool="workspace_list"] summary').first().click();
        expect(await accessibilityViolations(page), `answered with an open tool card, ${colorScheme}`).toEqual([]);
        await ui.screenshot(`chat-${colorScheme}`, { narrow: true });
        await newChat('bob');
        await composer().fill('Hello?');
        await composer().press('Enter');
        await page.getByRole('alert').filter({ hasText: /model/i }).waitFor();
        expect(await accessibilityViolations(page), `refused, ${colorScheme}`).toEqual([]);
        await page.getByRole('button', { name: 'Chat actions' }).click();
        await page.getByRole('menu').waitFor();
        expect(await accessibilityViolations(page), `chat menu open, ${colorScheme}`).toEqual([]);
        await page.keyboard.press('Escape');
      } finally {
        await page.emulateMedia({ colorScheme: null });
      }
    }
  });
});
