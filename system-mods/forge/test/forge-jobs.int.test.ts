/**
 * Forge end to end through the kernel: the catalog and selections over a real model connection,
 * job creation (validation, idempotent replay, races), durable runs against a fake
 * OpenAI-compatible media server on loopback (images and speech), failures with bounded
 * errorDetails, artifact downloads, attaching to a chat session, and the sanitized diagnostics.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel } from '../../../sdk/testing/index.js';
import { json } from '../../../test/helpers.js';
import { bytesAnswer, imageAnswer, startFakeOpenAiMedia, TINY_PNG, VIDEOS_PATH, type FakeOpenAiMedia } from '../../../test/peers/fake-openai-media.js';
import { API_KEY, bootForge, createConnection, scratch, settled } from './forge-kit.js';

let t: TestKernel;
let fake: FakeOpenAiMedia;
let connectionId: string;
const tmp = scratch('forge-jobs');
const logLines: string[] = [];
let keyCounter = 0;
const key = () => `key-${++keyCounter}`;

const post = (body: unknown) => t.request(json('POST', '/api/forge/jobs', body));
const attach = (id: string, body: unknown) => t.request(json('POST', `/api/forge/jobs/${id}/attach`, body));
/** A new image job, settled. */
async function imageJob(prompt = 'a red square') {
  const res = await post({ prompt, idempotencyKey: key(), connectionId, modelId: 'gpt-image-1' });
  expect(res.status).toBe(202);
  return settled(t, res.body.job.id);
}

beforeAll(async () => {
  fake = await startFakeOpenAiMedia();
  t = await bootForge({ dataDir: tmp.dir, logs: { level: 'trace', line: (text) => logLines.push(text) } });
  connectionId = await createConnection(t, fake.baseUrl);
  expect((await t.request(json('POST', '/api/agents', { id: 'ada', name: 'Ada' }))).status).toBe(201);
  expect((await t.request(json('POST', '/api/chat', { agentId: 'ada', sessionId: 'studio', message: 'hello', noCallModel: true }))).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
  tmp.cleanup();
});

describe('catalog and selections', () => {
  it('offers the enabled image and speech models of the connection; video and music are unavailable', async () => {
    const res = await t.request('/api/forge/catalog');
    expect(res.status).toBe(200);
    const byMode = Object.fromEntries(res.body.modes.map((m: any) => [m.mode, m]));
    expect(byMode.image).toEqual({ mode: 'image', available: true, connections: [{ connectionId, provider: 'openai', apiType: 'openai-chat', models: [{ id: 'gpt-image-1', providerId: 'openai-images' }] }] });
    expect(byMode.speech.connections[0].models).toEqual([{ id: 'tts-1', providerId: 'openai-speech' }]);
    // A video provider is served (capability only), but no model here makes video; music has no provider at all.
    expect(byMode.video).toEqual({ mode: 'video', available: false, reason: expect.stringContaining('No enabled model on a connection makes video'), connections: [] });
    expect(byMode.music).toEqual({ mode: 'music', available: false, reason: expect.stringContaining('none of the enabled providers has a documented music generation API'), connections: [] });
    expect(res.body.maxArtifactBytes).toBe(25 * 1024 * 1024);
  });

  it('saves an eligible selection and refuses the rest', async () => {
    const put = (body: unknown) => t.request(json('PUT', '/api/forge/selections', body));
    expect((await put({ mode: 'speech', connectionId, modelId: 'gpt-image-1' })).body.error).toBe('forge_model_ineligible');
    expect((await put({ mode: 'image', connectionId, modelId: 'dall-e-2' })).body.error).toBe('forge_model_ineligible');
    expect((await put({ mode: 'image', connectionId: 'nope', modelId: 'gpt-image-1' })).body.error).toBe('forge_model_ineligible');
    for (const bad of [
      { mode: 'image', connectionId },
      { mode: 'sculpture', connectionId, modelId: 'gpt-image-1' },
      { mode: 'image', connectionId, modelId: 42 },
      { mode: 'image', connectionId, modelId: 'gpt-image-1', extra: true },
      { mode: 'image', connectionId, modelId: 'x'.repeat(201) },
      [],
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBe('forge_request_invalid');
    }
    const saved = await put({ mode: 'image', connectionId, modelId: 'gpt-image-1' });
    expect(saved.status).toBe(200);
    expect(saved.body.selection).toMatchObject({ mode: 'image', connectionId, modelId: 'gpt-image-1', eligible: true });
    const list = await t.request('/api/forge/selections');
    expect(list.body.selections).toEqual([saved.body.selection]);
  });
});

describe('creating jobs', () => {
  it('refuses anything but the five fields, wrong types, blanks and values over their bounds', async () => {
    const base = { prompt: 'p', idempotencyKey: 'k-valid', mode: 'image' };
    const cases: unknown[] = [
      { ...base, attachments: [] },
      { ...base, sourceAttachments: [] },
      { ...base, options: {} },
      { ...base, size: '1024x1024' },
      { idempotencyKey: 'k', mode: 'image' },
      { prompt: 'p', mode: 'image' },
      { ...base, prompt: 7 },
      { ...base, idempotencyKey: '   ' },
      { ...base, prompt: ' \n ' },
      { ...base, prompt: 'x'.repeat(32_001) },
      { ...base, idempotencyKey: 'k'.repeat(201) },
      { ...base, mode: 'video-game' },
      { ...base, connectionId: 'c'.repeat(201), modelId: 'm' },
      'not an object',
      null,
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
    }
    expect((await post({ ...base, attachments: [] })).body.error).toBe('forge_request_invalid');
    expect((await t.request('/api/forge/jobs')).body.jobs.some((j: any) => j.idempotencyKey === 'k-valid')).toBe(false);
  });

  it('needs mode alone with a saved selection, or a complete pair', async () => {
    expect((await post({ prompt: 'p', idempotencyKey: key() })).body.error).toBe('forge_selection_incomplete');
    expect((await post({ prompt: 'p', idempotencyKey: key(), connectionId })).body.error).toBe('forge_selection_incomplete');
    expect((await post({ prompt: 'p', idempotencyKey: key(), modelId: 'gpt-image-1', mode: 'image' })).body.error).toBe('forge_selection_incomplete');
    const noSelection = await post({ prompt: 'p', idempotencyKey: key(), mode: 'music' });
    expect([noSelection.status, noSelection.body.error]).toEqual([400, 'forge_selection_not_set']);
    const mismatch = await post({ prompt: 'p', idempotencyKey: key(), mode: 'speech', connectionId, modelId: 'gpt-image-1' });
    expect([mismatch.status, mismatch.body.error]).toEqual([400, 'forge_model_ineligible']);
  });

  it('accepts the largest prompt and key', async () => {
    const res = await post({ prompt: 'x'.repeat(32_000), idempotencyKey: 'k'.repeat(200), connectionId, modelId: 'gpt-image-1' });
    expect(res.status).toBe(202);
    expect((await settled(t, res.body.job.id)).status).toBe('succeeded');
  });

  it('runs an image job from the mode alone and serves the image', async () => {
    const before = fake.requests.length;
    const res = await post({ prompt: 'a red square', idempotencyKey: 'image-1', mode: 'image' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ ok: true, replayed: false, job: { mode: 'image', connectionId, modelId: 'gpt-image-1', providerId: 'openai-images', prompt: 'a red square' } });
    expect(['queued', 'running', 'succeeded']).toContain(res.body.job.status);
    expect(res.body.job.id).toMatch(/^[0-9a-f-]{36}$/);

    const job = await settled(t, res.body.job.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1 });
    expect(job.errorDetails).toBeUndefined();
    expect(job.artifacts).toHaveLength(1);
    const artifact = job.artifacts[0];
    expect(artifact).toMatchObject({ id: 'image-1', kind: 'image', contentType: 'image/png', sizeBytes: TINY_PNG.length, storageReference: `forge/${job.id}/image-1.png` });
    expect(path.isAbsolute(artifact.storageReference)).toBe(false);
    expect(readFileSync(path.join(tmp.dir, artifact.storageReference))).toEqual(TINY_PNG);

    const sent = fake.requests.slice(before).find((r) => r.path === '/v1/images/generations')!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body).toEqual({ model: 'gpt-image-1', prompt: 'a red square', n: 1 });

    const bytes = await t.inject(artifact.url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload).toEqual(TINY_PNG);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.headers['content-disposition']).toMatch(/^inline; filename="forge-[0-9a-f]{8}-image-1\.png"$/);
    const download = await t.inject(artifact.downloadUrl);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="forge-[0-9a-f]{8}-image-1\.png"$/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload).toEqual(TINY_PNG);
  });

  it('runs a speech job and serves audio/mpeg whatever the provider called it', async () => {
    fake.speech(bytesAnswer(fake.audio, 'text/html'));
    const res = await post({ prompt: 'Hello there', idempotencyKey: key(), connectionId, modelId: 'tts-1' });
    expect(res.status).toBe(202);
    expect(res.body.job.mode).toBe('speech');
    const job = await settled(t, res.body.job.id);
    // A text/html answer to a speech request is refused rather than stored.
    expect(job.status).toBe('failed');
    expect(job.errorDetails).toMatchObject({ code: 'upstream_malformed', retryable: false, attempt: 1 });

    fake.speech(bytesAnswer(fake.audio, 'application/octet-stream'));
    const again = await post({ prompt: 'Hello there', idempotencyKey: key(), connectionId, modelId: 'tts-1' });
    const spoken = await settled(t, again.body.job.id);
    expect(spoken.status).toBe('succeeded');
    expect(spoken.artifacts[0]).toMatchObject({ id: 'speech-1', kind: 'speech', contentType: 'audio/mpeg', sizeBytes: fake.audio.length });
    const sent = fake.requests.filter((r) => r.path === '/v1/audio/speech').at(-1)!;
    expect(sent.body).toEqual({ model: 'tts-1', input: 'Hello there', voice: 'alloy', response_format: 'mp3' });
    const bytes = await t.inject(spoken.artifacts[0].url);
    expect(bytes.headers['content-type']).toBe('audio/mpeg');
    expect(bytes.rawPayload).toEqual(fake.audio);
  });

  it('serves bytes it cannot recognize as application/octet-stream, never as what they look like', async () => {
    fake.images(imageAnswer(Buffer.from('<html><script>alert(1)</script></html>')));
    const job = await imageJob();
    expect(job.status).toBe('succeeded');
    expect(job.artifacts[0]).toMatchObject({ contentType: 'application/octet-stream', storageReference: `forge/${job.id}/image-1.bin` });
    const bytes = await t.inject(job.artifacts[0].url);
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('idempotency', () => {
  it('replays the same key and request with 200 and refuses another request with 409', async () => {
    const body = { prompt: 'a blue circle', idempotencyKey: 'replay-1', mode: 'image' as const };
    const first = await post(body);
    expect(first.status).toBe(202);
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, replayed: true, job: { id: first.body.job.id } });
    for (const changed of [
      { ...body, prompt: 'a green circle' },
      { ...body, mode: undefined, connectionId, modelId: 'gpt-image-1' },
      { ...body, mode: 'speech' },
    ]) {
      const res = await post(changed);
      expect(res.status, JSON.stringify(changed)).toBe(409);
      expect(res.body.error).toBe('forge_idempotency_conflict');
    }
    await settled(t, first.body.job.id);
    expect((await post(body)).status).toBe(200);
  });

  it('makes one job of concurrent identical posts', async () => {
    const body = { prompt: 'race', idempotencyKey: 'race-1', connectionId, modelId: 'gpt-image-1' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    expect(new Set(answers.map((a) => a.body.job.id)).size).toBe(1);
    const rows = await t.kernel.database.knex('forge_jobs').where({ idempotency_key: 'race-1' });
    expect(rows).toHaveLength(1);
    const job = await settled(t, answers[0]!.body.job.id);
    expect(job.attempts).toBe(1);
  });

  it('lets one of concurrent different requests with one key win; the others are 409', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post({ prompt: `variant ${i}`, idempotencyKey: 'race-2', mode: 'image' })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409, 409, 409, 409]);
    await settled(t, answers.find((a) => a.status === 202)!.body.job.id);
  });
});

describe('failures', () => {
  it('fails for good on a 4xx with bounded errorDetails that name no key', async () => {
    fake.images({ status: 400, json: { error: { message: `Your prompt was rejected ${API_KEY} ${'x'.repeat(2000)}` } } });
    const job = await imageJob();
    expect(job).toMatchObject({ status: 'failed', attempts: 1, progress: 0, artifacts: [] });
    expect(job.errorDetails).toMatchObject({ code: 'upstream_http_error', status: 400, retryable: false, attempt: 1 });
    expect(job.errorDetails.message.length).toBeLessThanOrEqual(500);
    expect(job.errorDetails.message).toContain('HTTP 400');
    expect(JSON.stringify(job)).not.toContain(API_KEY);
    expect(existsSync(path.join(tmp.dir, 'forge', job.id))).toBe(false);
  });

  it('retries a 5xx and succeeds on the next attempt', async () => {
    fake.images({ status: 503, json: { error: { message: 'overloaded' } } });
    const job = await imageJob();
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(job.errorDetails).toBeUndefined();
  });

  it('accounts every media call as source forge, and a money budget refuses an unpriced model before the provider is called', async () => {
    await imageJob();
    const forge = (await t.request('/api/usage?groupBy=source&source=forge')).body;
    expect(forge.groups.map((g: any) => g.key)).toEqual(['forge']);
    // The media models have no price: each call is counted unpriced, never as free.
    expect(forge.totals.calls).toBeGreaterThanOrEqual(1);
    expect(forge.totals.unpricedCalls).toBe(forge.totals.calls);
    expect((await t.request('/api/usage?groupBy=model&source=forge')).body.groups.map((g: any) => g.key)).toContain('gpt-image-1');

    expect((await t.request(json('POST', '/api/settings/budgets', { scope: 'global', period: 'day', maxCost: 1, currency: 'USD' }))).status).toBe(201);
    try {
      const before = fake.requests.length;
      const job = await imageJob();
      expect(job).toMatchObject({ status: 'failed', attempts: 1, artifacts: [] });
      expect(job.errorDetails).toMatchObject({ code: 'budget_unpriced_model', retryable: false });
      expect(fake.requests.slice(before).filter((r) => r.path === '/v1/images/generations')).toHaveLength(0);
      expect((await t.request('/api/usage?groupBy=source&source=forge')).body.totals.refusedCalls).toBe(1);
    } finally {
      expect((await t.request(json('DELETE', '/api/settings/budgets/global-day'))).status).toBe(200);
    }
  });

  it('fails an answer above the artifact bound with a clear error', async () => {
    expect((await t.request(json('PUT', '/api/mod-management/forge/settings', { maxArtifactBytes: 1024 }))).status).toBe(200);
    try {
      fake.images(imageAnswer(Buffer.concat([TINY_PNG, Buffer.alloc(1025 - TINY_PNG.length)])));
      const big = await imageJob();
      expect(big).toMatchObject({ status: 'failed', attempts: 1, errorDetails: { code: 'forge_artifact_too_large', retryable: false } });
      expect(big.errorDetails.message).toContain('1024');

      fake.images(imageAnswer(Buffer.concat([TINY_PNG, Buffer.alloc(1024 - TINY_PNG.length)])));
      expect((await imageJob()).status).toBe('succeeded');

      fake.speech(bytesAnswer(Buffer.alloc(1025, 0xff), 'audio/mpeg'));
      const res = await post({ prompt: 'long speech', idempotencyKey: key(), connectionId, modelId: 'tts-1' });
      expect((await settled(t, res.body.job.id)).errorDetails).toMatchObject({ code: 'forge_artifact_too_large' });
      expect((await t.request('/api/forge/catalog')).body.maxArtifactBytes).toBe(1024);
    } finally {
      await t.request(json('PUT', '/api/mod-management/forge/settings', {}));
    }
  });

  it('refuses a maxArtifactBytes outside its bounds', async () => {
    for (const value of [1023, 104_857_601, '1024']) {
      expect((await t.request(json('PUT', '/api/mod-management/forge/settings', { maxArtifactBytes: value }))).status).toBe(400);
    }
  });
});

describe('reading jobs', () => {
  it('answers 404 for an unknown job and artifact, 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.request(`/api/forge/jobs/${unknown}`)).body.error).toBe('forge_job_not_found');
    expect((await t.request(`/api/forge/jobs/${unknown}`)).status).toBe(404);
    expect((await t.request(`/api/forge/jobs/${unknown}/artifacts/image-1`)).status).toBe(404);
    expect((await t.request('/api/forge/jobs/not-a-job')).status).toBe(400);
    const job = await imageJob();
    expect((await t.request(`/api/forge/jobs/${job.id}/artifacts/image-2`)).body.error).toBe('forge_artifact_not_found');
    expect((await t.request(`/api/forge/jobs/${job.id}/artifacts/..%2F..%2Fetc`)).status).toBe(400);
    expect((await t.request(`/api/forge/jobs/${job.id}/artifacts/image-1?download=yes`)).status).toBe(400);
  });

  it('pages the list newest first and refuses a forged cursor or a limit out of bounds', async () => {
    const first = await t.request('/api/forge/jobs?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.jobs).toHaveLength(2);
    const second = await t.request(`/api/forge/jobs?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.jobs).toHaveLength(2);
    const all = (await t.request('/api/forge/jobs?limit=200')).body.jobs.map((j: any) => j.id);
    expect([...first.body.jobs, ...second.body.jobs].map((j: any) => j.id)).toEqual(all.slice(0, 4));
    for (const query of ['limit=0', 'limit=201', 'limit=two', 'cursor=nonsense', `cursor=${Buffer.from('forge:0').toString('base64url')}`]) {
      const res = await t.request(`/api/forge/jobs?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('attach', () => {
  it('appends a succeeded job artifact to the session transcript once', async () => {
    const job = await imageJob('for the transcript');
    const body = { agentId: 'ada', sessionId: 'studio', artifactId: 'image-1' };
    const res = await attach(job.id, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, replayed: false, attachment: { jobId: job.id, artifactId: 'image-1', agentId: 'ada', sessionId: 'studio' } });
    const session = await t.request('/api/sessions/studio?agentId=ada');
    const last = session.body.messages.at(-1);
    expect(last.seq).toBe(res.body.attachment.messageSeq);
    expect(last.role).toBe('assistant');
    expect(last.meta.artifacts).toEqual([
      expect.objectContaining({ source: 'forge', kind: 'image', contentType: 'image/png', sizeBytes: TINY_PNG.length, url: job.artifacts[0].url, storageReference: `forge/${job.id}/image-1.png` }),
    ]);

    const again = await attach(job.id, body);
    expect(again.body).toMatchObject({ replayed: true, attachment: res.body.attachment });
    const [racedA, racedB] = await Promise.all([attach(job.id, body), attach(job.id, body)]);
    expect([racedA.status, racedB.status]).toEqual([200, 200]);
    expect((await t.request('/api/sessions/studio?agentId=ada')).body.messages.length).toBe(session.body.messages.length);
    expect((await t.request(`/api/forge/jobs/${job.id}`)).body.job.attachments).toEqual([res.body.attachment]);
  });

  it('refuses before success, unknown ids, unknown sessions and bad bodies', async () => {
    fake.images({ status: 422, json: { error: { message: 'refused' } } });
    const failed = await imageJob();
    expect(failed.status).toBe('failed');
    const conflict = await attach(failed.id, { agentId: 'ada', sessionId: 'studio', artifactId: 'image-1' });
    expect([conflict.status, conflict.body.error]).toEqual([409, 'forge_job_not_succeeded']);

    const job = await imageJob();
    expect((await attach('00000000-0000-4000-8000-000000000000', { agentId: 'ada', sessionId: 'studio', artifactId: 'image-1' })).status).toBe(404);
    expect((await attach(job.id, { agentId: 'ada', sessionId: 'studio', artifactId: 'image-9' })).body.error).toBe('forge_artifact_not_found');
    const noSession = await attach(job.id, { agentId: 'ada', sessionId: 'never', artifactId: 'image-1' });
    expect([noSession.status, noSession.body.error]).toEqual([404, 'chat_session_not_found']);
    const noAgent = await attach(job.id, { agentId: 'nobody', sessionId: 'studio', artifactId: 'image-1' });
    expect(noAgent.status).toBe(404);
    expect((await t.request(`/api/forge/jobs/${job.id}`)).body.job.attachments).toEqual([]);
    for (const bad of [
      { agentId: 'ada', sessionId: 'studio' },
      { agentId: 'ada', sessionId: 'studio', artifactId: 'image-1', note: 'x' },
      { agentId: 'ada', sessionId: 's'.repeat(201), artifactId: 'image-1' },
      { agentId: 'ada', sessionId: 'studio', artifactId: 5 },
      { agentId: 'Not An Id', sessionId: 'studio', artifactId: 'image-1' },
    ]) {
      expect((await attach(job.id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('diagnostics', () => {
  it('lists sanitized summaries: the prompt length, never the prompt, key or error text', async () => {
    fake.images({ status: 400, json: { error: { message: 'secret prompt echoed back' } } });
    const failed = await imageJob('a very private prompt');
    const list = await t.request('/api/diagnostics/forge/jobs?limit=5');
    expect(list.status).toBe(200);
    const entry = list.body.jobs.find((j: any) => j.id === failed.id);
    expect(entry).toMatchObject({ id: failed.id, status: 'failed', promptChars: 'a very private prompt'.length, errorCode: 'upstream_http_error', errorStatus: 400, artifactCount: 0 });
    const detail = await t.request(`/api/diagnostics/forge/jobs/${failed.id}`);
    expect(detail.body.job).toEqual(entry);
    const text = JSON.stringify([list.body, detail.body]);
    for (const secret of ['a very private prompt', 'secret prompt echoed', API_KEY, 'idempotencyKey']) expect(text).not.toContain(secret);
    expect((await t.request('/api/diagnostics/forge/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.request('/api/diagnostics/forge/jobs/abc')).status).toBe(400);
    expect((await t.request('/api/diagnostics/forge/jobs?limit=0')).status).toBe(400);
    const succeeded = (await t.request('/api/diagnostics/forge/jobs?limit=200')).body.jobs.find((j: any) => j.status === 'succeeded');
    expect(succeeded.artifactCount).toBe(1);
    expect(succeeded.artifactBytes).toBeGreaterThan(0);
  });

  it('offers the same jobs through the shared mod job diagnostics, in words and without the prompt', async () => {
    const list = await t.request('/api/diagnostics/mods/forge/jobs?limit=200');
    expect(list.status).toBe(200);
    const failed = list.body.items.find((j: any) => j.state === 'failed');
    expect(failed).toMatchObject({ kind: 'generate.image', lastError: 'upstream_http_error (HTTP 400)', refs: { modelId: 'gpt-image-1' } });
    expect(list.body.items.find((j: any) => j.state === 'succeeded')).toMatchObject({ lastError: null });
    expect((await t.request(`/api/diagnostics/mods/forge/jobs/${failed.id}`)).body.job).toEqual(failed);
    expect((await t.request('/api/diagnostics/mods/forge/jobs/00000000-0000-4000-8000-000000000000')).body.error).toBe('mod_diagnostics_job_not_found');
    const text = JSON.stringify(list.body);
    for (const secret of ['a very private prompt', 'secret prompt echoed', API_KEY]) expect(text).not.toContain(secret);
  });

  it('never writes the API key to a log line', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(API_KEY);
  });
});

describe('capability, not exact names', () => {
  let local: string;
  beforeAll(async () => {
    const res = await t.request(
      json('POST', '/api/settings/model-connections', {
        provider: 'local',
        apiType: 'openai-chat',
        baseUrl: fake.baseUrl,
        apiKey: API_KEY,
        // flux-dev: an image model by its id; my-painter: the operator says it makes images; llama3: chat.
        models: [{ id: 'flux-dev' }, { id: 'my-painter', capabilities: { outputModalities: ['image'] } }, { id: 'llama3' }, { id: 'sdxl-off', enabled: false }],
      }),
    );
    expect(res.status).toBe(201);
    local = res.body.connection.id;
  });

  it('offers a self-hosted model whose output is image for image generation, and nothing else of the connection', async () => {
    const res = await t.request('/api/forge/catalog');
    const byMode = Object.fromEntries(res.body.modes.map((m: any) => [m.mode, m]));
    const offered = byMode.image.connections.find((c: { connectionId: string }) => c.connectionId === local);
    expect(offered.models).toEqual([
      { id: 'flux-dev', providerId: 'openai-images' },
      { id: 'my-painter', providerId: 'openai-images' },
    ]);
    expect(byMode.speech.connections.find((c: { connectionId: string }) => c.connectionId === local)).toBeUndefined();
    expect((await t.request(json('PUT', '/api/forge/selections', { mode: 'image', connectionId: local, modelId: 'llama3' }))).body.error).toBe('forge_model_ineligible');
    expect((await t.request(json('PUT', '/api/forge/selections', { mode: 'image', connectionId: local, modelId: 'sdxl-off' }))).body.error).toBe('forge_model_ineligible');
  });

  it('generates with it through the OpenAI-style image provider', async () => {
    const before = fake.requests.length;
    const res = await post({ prompt: 'a blue circle', idempotencyKey: key(), connectionId: local, modelId: 'my-painter' });
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ mode: 'image', modelId: 'my-painter', providerId: 'openai-images' });
    expect(await settled(t, res.body.job.id)).toMatchObject({ status: 'succeeded' });
    expect(fake.requests.slice(before).find((r) => r.path === '/v1/images/generations')?.body).toEqual({ model: 'my-painter', prompt: 'a blue circle', n: 1 });
  });
});

describe('video through OpenAI-style video jobs', () => {
  let studio: string;
  beforeAll(async () => {
    // Poll the provider's job every 100 ms rather than every 5 s.
    expect((await t.request(json('PUT', '/api/mod-management/forge-openai/settings', { videoPollMs: 100 }))).status).toBe(200);
    const res = await t.request(
      json('POST', '/api/settings/model-connections', {
        provider: 'openai',
        apiType: 'openai-chat',
        baseUrl: fake.baseUrl,
        apiKey: API_KEY,
        // The model's metadata says it makes video; clip-maker says nothing, whatever its name suggests.
        models: [{ id: 'sora-2', capabilities: { outputModalities: ['video'] } }, { id: 'clip-maker' }],
      }),
    );
    expect(res.status).toBe(201);
    studio = res.body.connection.id;
  });

  it('offers the models whose metadata says video', async () => {
    const byMode = Object.fromEntries((await t.request('/api/forge/catalog')).body.modes.map((m: any) => [m.mode, m]));
    expect(byMode.video).toEqual({ mode: 'video', available: true, connections: [{ connectionId: studio, provider: 'openai', apiType: 'openai-chat', models: [{ id: 'sora-2', providerId: 'openai-video' }] }] });
    expect(byMode.music.available).toBe(false);
    expect((await t.request(json('PUT', '/api/forge/selections', { mode: 'video', connectionId: studio, modelId: 'clip-maker' }))).body.error).toBe('forge_model_ineligible');
  });

  it('creates the job at the provider, polls it, downloads the MP4 and serves it as video/mp4', async () => {
    const before = fake.requests.length;
    const res = await post({ prompt: 'a paper boat on a pond', idempotencyKey: key(), connectionId: studio, modelId: 'sora-2' });
    expect(res.status).toBe(202);
    expect(res.body.job).toMatchObject({ mode: 'video', modelId: 'sora-2', providerId: 'openai-video' });
    const job = await settled(t, res.body.job.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1 });
    expect(job.artifacts[0]).toMatchObject({ id: 'video-1', kind: 'video', contentType: 'video/mp4', sizeBytes: fake.video.length, storageReference: `forge/${job.id}/video-1.mp4` });

    const sent = fake.requests.slice(before).filter((r) => r.path.startsWith(VIDEOS_PATH));
    const created = sent[0]!;
    expect(created).toMatchObject({ method: 'POST', path: VIDEOS_PATH, body: { model: 'sora-2', prompt: 'a paper boat on a pond' } });
    expect(created.headers.authorization).toBe(`Bearer ${API_KEY}`);
    const videoId = [...fake.videos.values()].find((v) => v.prompt === 'a paper boat on a pond')!.id;
    // Two status polls (in progress, then completed), then one download, each with the key.
    expect(sent.slice(1).map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${VIDEOS_PATH}/${videoId}`, `GET ${VIDEOS_PATH}/${videoId}`, `GET ${VIDEOS_PATH}/${videoId}/content`]);
    expect(sent.every((r) => r.headers.authorization === `Bearer ${API_KEY}`)).toBe(true);

    const bytes = await t.inject(job.artifacts[0].url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('video/mp4');
    expect(bytes.rawPayload).toEqual(fake.video);
  });

  it("fails the job for good with the provider's reason when the video fails", async () => {
    const steps = fake.videoSteps;
    fake.videoSteps = [{ status: 'failed', error: { code: 'moderation_blocked', message: 'The prompt was blocked by moderation.' } }];
    try {
      const res = await post({ prompt: 'something not allowed', idempotencyKey: key(), connectionId: studio, modelId: 'sora-2' });
      const job = await settled(t, res.body.job.id);
      expect(job).toMatchObject({ status: 'failed', attempts: 1, artifacts: [] });
      expect(job.errorDetails).toMatchObject({ code: 'forge_generation_failed', retryable: false });
      expect(job.errorDetails.message).toContain('The prompt was blocked by moderation.');
    } finally {
      fake.videoSteps = steps;
    }
  });

  it('refuses a poll interval outside its bounds', async () => {
    for (const value of [99, 60_001, 'fast']) expect((await t.request(json('PUT', '/api/mod-management/forge-openai/settings', { videoPollMs: value }))).status).toBe(400);
  });
});
