/**
 * The Forge view in a real browser against the real server process and the fake
 * OpenAI-compatible media server on loopback: modes no model makes say why (music: no provider),
 * an image job runs end to end, its preview is drawn from the artifact route, and attaching it
 * puts it in the chosen session's transcript.
 */
import { beforeAll, expect, it } from 'vitest';
import { startFakeOpenAiMedia, TINY_PNG, type FakeOpenAiMedia } from '../peers/fake-openai-media.js';
import { uiSuite } from '../kits/ui-kit.js';

const ui = uiSuite({ agents: ['ada'] });
const { page, api } = ui;
let media: FakeOpenAiMedia;

beforeAll(async () => {
  media = await startFakeOpenAiMedia();
  ui.defer(() => media.close());
  const connection = await api('POST', '/api/settings/model-connections', {
    provider: 'openai',
    apiType: 'openai-chat',
    baseUrl: media.baseUrl,
    apiKey: 'sk-e2e-forge',
    models: [
      { id: 'gpt-image-1', enabled: true },
      { id: 'tts-1', enabled: true },
    ],
  });
  expect(connection.status).toBe(201);
  expect((await api('POST', '/api/chat', { agentId: 'ada', sessionId: 'gallery', message: 'keep the pictures here', noCallModel: true })).status).toBe(200);
});

it('generates an image, previews it and attaches it to a session', async () => {
  await page.goto(`${ui.server.url}/#/forge`);
  await page.getByRole('heading', { name: 'Forge' }).waitFor();
  // Modes no model here makes are marked unavailable and say why: music has no provider at all.
  await page.getByRole('tab', { name: 'music (unavailable)' }).click();
  await page.getByText('No media provider makes music: none of the enabled providers has a documented music generation API yet.', { exact: false }).waitFor();
  await ui.screenshot('ui-forge-music-unavailable', { narrow: true });
  await page.getByRole('tab', { name: 'video (unavailable)' }).click();
  await page.getByText('No enabled model on a connection makes video', { exact: false }).waitFor();
  await page.getByRole('tab', { name: 'image' }).click();
  await page.getByLabel('Model').selectOption({ label: `gpt-image-1 — ${(await api('GET', '/api/forge/catalog')).body.modes[0].connections[0].connectionId}` });
  await page.getByLabel('Prompt').fill('a tiny red square');
  await page.getByRole('button', { name: 'Generate' }).click();

  const job = page.locator('li[data-status="succeeded"]', { hasText: 'a tiny red square' });
  await job.waitFor({ timeout: 30_000 });
  const preview = job.getByRole('img', { name: /Generated: a tiny red square/ });
  await preview.waitFor();
  // The browser decoded the PNG the artifact route served.
  await page.waitForFunction(() => {
    const img = document.querySelector('li[data-status="succeeded"] img') as HTMLImageElement | null;
    return img !== null && img.complete && img.naturalWidth === 1;
  });
  const src = await preview.getAttribute('src');
  const served = await fetch(`${ui.server.url}${src}`);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer())).toEqual(TINY_PNG);

  await page.getByLabel('Agent', { exact: true }).selectOption('ada');
  await page.getByLabel('Session').selectOption('gallery');
  await job.getByRole('button', { name: 'Attach' }).click();
  await job.getByText('Attached to ada / gallery.').waitFor();

  const transcript = await api('GET', '/api/sessions/gallery?agentId=ada');
  const last = transcript.body.messages.at(-1);
  expect(last.role).toBe('assistant');
  expect(last.meta.artifacts[0]).toMatchObject({ source: 'forge', kind: 'image', contentType: 'image/png', url: src });
  expect(media.requests.filter((r) => r.path === '/v1/images/generations')).toHaveLength(1);
  await ui.screenshot('ui-forge');

  // In the chat, the attached image is an image, not a line of text.
  await page.goto(`${ui.server.url}/#/chat/${encodeURIComponent('ada/gallery')}`);
  const inChat = page.locator('[data-role="assistant"] figure.artifact img');
  await inChat.waitFor();
  expect(await inChat.getAttribute('src')).toBe(src);
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-role="assistant"] figure.artifact img') as HTMLImageElement | null;
    return img !== null && img.complete && img.naturalWidth === 1;
  });
  ui.expectNoPageErrors();
});
