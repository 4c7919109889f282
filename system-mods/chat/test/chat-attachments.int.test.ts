/**
 * Chat attachments kept in the agent's workspace (the workspace mod's `workspace.attachments`):
 * a turn's files stored with relative references in the transcript, listed, downloaded and
 * deleted early; images of earlier turns sent to the model again; expiry after 30 days with a
 * clock the test moves; and turns without the workspace mod keeping metadata only.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/helpers.js';
import { chatRequest, startChatKit, textAnswer, until, type ChatKit } from '../../../test/kits/chat-kit.js';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG2 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const DAY = 24 * 60 * 60 * 1000;

let kit: ChatKit;
const ws = () => path.join(kit.dataDir, 'workspaces', 'ada');
const listAttachments = (sessionId = 'default', agentId = 'ada') => kit.t.request(`/api/attachments?agentId=${agentId}&sessionId=${encodeURIComponent(sessionId)}`);
const bytesUrl = (reference: string, agentId = 'ada') => `/api/attachments/${agentId}/${encodeURIComponent(reference)}`;

/** The image parts of the user messages of one recorded model request. */
function imagesSent(body: any): string[] {
  return body.messages.filter((m: any) => m.role === 'user' && Array.isArray(m.content)).flatMap((m: any) => m.content.filter((p: any) => p.type === 'image_url').map((p: any) => p.image_url.url));
}

beforeAll(async () => {
  kit = await startChatKit({ agents: ['ada', 'bob'], mods: ['workspace'] });
});

afterAll(async () => {
  await kit?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stored attachments', () => {
  let image: { reference: string };
  let text: { reference: string };

  it("keeps a turn's files in the agent workspace and the transcript holds relative references", async () => {
    kit.fake.chat(textAnswer(['Seen.']));
    const answer = await kit.t.request(
      chatRequest({
        agentId: 'ada',
        sessionId: 'pics',
        message: 'Look at this',
        attachments: [
          { name: 'dot.png', type: 'image/png', encoding: 'base64', content: PNG },
          { name: '../../notes?.txt', type: 'text/plain', content: 'some notes' },
          { name: 'blob.bin', type: 'application/octet-stream', encoding: 'base64', content: Buffer.from([0xff, 0x00, 0xfe]).toString('base64') },
        ],
      }),
    );
    expect(answer.status).toBe(200);
    const session = await kit.t.request('/api/sessions/pics?agentId=ada');
    const attachments = session.body.messages[0].meta.attachments;
    expect(attachments).toHaveLength(3);
    // Bytes sent encoded are kept as sent, not as the text the model was given.
    expect(readFileSync(path.join(ws(), attachments.find((a: any) => a.name === 'blob.bin').reference))).toEqual(Buffer.from([0xff, 0x00, 0xfe]));
    [text, image] = [attachments.find((a: any) => a.type === 'text/plain'), attachments.find((a: any) => a.type === 'image/png')];
    expect(image.reference).toMatch(/^\.attachments\/pics\/[0-9a-f-]{36}-dot\.png$/);
    // The client's name never shapes a path: no `..`, no `?`.
    expect(text.reference).toMatch(/^\.attachments\/pics\/[0-9a-f-]{36}-notes_\.txt$/);
    expect(readFileSync(path.join(ws(), image.reference))).toEqual(Buffer.from(PNG, 'base64'));
    expect(readFileSync(path.join(ws(), text.reference), 'utf8')).toBe('some notes');
    expect(JSON.stringify(session.body)).not.toContain(kit.dataDir);
  });

  it("lists the session's attachments and answers their bytes", async () => {
    const listed = await listAttachments('pics');
    expect(listed.status).toBe(200);
    expect(
      listed.body.attachments
        .filter((a: any) => a.name !== 'blob.bin')
        .map((a: any) => a.reference)
        .sort(),
    ).toEqual([image.reference, text.reference].sort());
    const png = listed.body.attachments.find((a: any) => a.reference === image.reference);
    expect(png).toMatchObject({ agentId: 'ada', sessionId: 'pics', name: 'dot.png', type: 'image/png', size: Buffer.from(PNG, 'base64').length, url: bytesUrl(image.reference) });
    expect(Date.parse(png.expiresAt) - Date.parse(png.createdAt)).toBe(30 * DAY);

    const bytes = await kit.t.inject({ method: 'GET', url: png.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.rawPayload).toEqual(Buffer.from(PNG, 'base64'));
    expect((await listAttachments('default')).body.attachments).toEqual([]);
    expect((await kit.t.request('/api/attachments?agentId=ada&sessionId=pics&limit=1')).body.attachments).toHaveLength(1);
    expect((await kit.t.request('/api/attachments?agentId=ada&sessionId=pics&limit=1001')).body.error).toBe('workspace_request_invalid');
  });

  it('answers 404 for an unknown agent, another agent, and a path that is not an attachment', async () => {
    expect((await listAttachments('pics', 'nobody')).body.error).toBe('agent_not_found');
    expect((await kit.t.request(bytesUrl(image.reference, 'nobody'))).body.error).toBe('agent_not_found');
    expect((await kit.t.request(bytesUrl(image.reference, 'bob'))).body.error).toBe('attachment_not_found');
    expect((await kit.t.request(bytesUrl('../ada/notes.txt'))).status).toBe(404);
    expect((await kit.t.request(json('DELETE', bytesUrl('.attachments/pics/nothing.png')))).body.error).toBe('attachment_not_found');
  });

  it('deletes one early: bytes and listing go, the transcript keeps the metadata', async () => {
    const deleted = await kit.t.request({ method: 'DELETE', url: bytesUrl(text.reference) });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ ok: true, deleted: true, attachment: { reference: text.reference } });
    expect(existsSync(path.join(ws(), text.reference))).toBe(false);
    expect((await kit.t.request(bytesUrl(text.reference))).status).toBe(404);
    expect((await listAttachments('pics')).body.attachments.map((a: any) => a.reference)).not.toContain(text.reference);
    const session = await kit.t.request('/api/sessions/pics?agentId=ada');
    expect(session.body.messages[0].meta.attachments.map((a: any) => a.reference)).toContain(text.reference);
  });

  it('sends the images of earlier turns to the model again on a later turn', async () => {
    kit.fake.chat(textAnswer(['Second image seen.']));
    expect(
      (
        await kit.t.request(
          chatRequest({ agentId: 'ada', sessionId: 'pics', message: 'And this one', attachments: [{ name: 'two.png', type: 'image/png', encoding: 'data-url', content: `data:image/png;base64,${PNG2}` }] }),
        )
      ).status,
    ).toBe(200);
    kit.fake.chat(textAnswer(['Both remembered.']));
    const before = kit.fake.requests.length;
    expect((await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'pics', message: 'What did I show you?' }))).status).toBe(200);
    const request = kit.fake.requests.slice(before).find((r) => r.path === '/v1/chat/completions')!;
    expect(imagesSent(request.body)).toEqual([`data:image/png;base64,${PNG}`, `data:image/png;base64,${PNG2}`]);
    const lastUser = request.body.messages.filter((m: any) => m.role === 'user').at(-1);
    expect(lastUser.content).toBe('What did I show you?');
  });

  it('names an earlier image that is no longer kept instead of sending it', async () => {
    const second = (await listAttachments('pics')).body.attachments.find((a: any) => a.name === 'two.png');
    expect((await kit.t.request({ method: 'DELETE', url: second.url })).status).toBe(200);
    kit.fake.chat(textAnswer(['Only one now.']));
    const before = kit.fake.requests.length;
    expect((await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'pics', message: 'Again?' }))).status).toBe(200);
    const request = kit.fake.requests.slice(before).find((r) => r.path === '/v1/chat/completions')!;
    expect(imagesSent(request.body)).toEqual([`data:image/png;base64,${PNG}`]);
    expect(JSON.stringify(request.body.messages)).toContain('image two.png attached earlier; not shown again');
  });

  it('expires attachments after 30 days: gone for readers at once, bytes removed by the expiry job', async () => {
    kit.fake.chat(textAnswer(['Kept.']));
    expect((await kit.t.request(chatRequest({ agentId: 'bob', sessionId: 'old', message: 'keep', attachments: [{ name: 'a.png', type: 'image/png', encoding: 'base64', content: PNG }] }))).status).toBe(200);
    const [kept] = (await listAttachments('old', 'bob')).body.attachments;
    const file = path.join(kit.dataDir, 'workspaces', 'bob', kept.reference);
    expect(existsSync(file)).toBe(true);

    const start = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => start + 30 * DAY - 60_000);
    expect((await listAttachments('old', 'bob')).body.attachments).toHaveLength(1);
    vi.spyOn(Date, 'now').mockImplementation(() => start + 30 * DAY + 60_000);
    expect((await listAttachments('old', 'bob')).body.attachments).toEqual([]);
    expect((await kit.t.request(kept.url)).status).toBe(404);
    expect(existsSync(file)).toBe(true);

    // The sweep runs at enable (and then hourly): re-enabling the mod runs one now.
    expect((await kit.t.request(json('POST', '/api/mod-management/workspace/disable'))).status).toBe(200);
    expect((await kit.t.request(json('POST', '/api/mod-management/workspace/enable'))).status).toBe(200);
    await until(
      () => existsSync(file),
      (present) => !present,
      'the expiry job to remove the file',
    );
    vi.restoreAllMocks();
    expect((await listAttachments('old', 'bob')).body.attachments).toEqual([]);
  });
});

describe("an agent's deletion", () => {
  it('removes its attachment files once committed, and keeps them when another mod vetoes it', async () => {
    const stored = async (agentId: string) => {
      expect((await kit.t.request(json('POST', '/api/agents', { id: agentId, name: agentId }))).status).toBe(201);
      expect((await kit.t.request(json('PUT', `/api/agents/${agentId}/model-selection`, { connectionId: kit.connectionId, model: 'gpt-test' }))).status).toBe(200);
      kit.fake.chat(textAnswer(['Stored.']));
      const turn = await kit.t.request(chatRequest({ agentId, sessionId: 's', message: 'keep this', attachments: [{ name: 'a.png', type: 'image/png', encoding: 'base64', content: PNG }] }));
      expect(turn.status).toBe(200);
      const [attachment] = (await listAttachments('s', agentId)).body.attachments;
      const file = path.join(kit.dataDir, 'workspaces', agentId, attachment.reference);
      expect(existsSync(file)).toBe(true);
      return file;
    };

    const kept = await stored('keep-carol');
    const vetoed = await kit.t.request({ method: 'DELETE', url: '/api/agents/keep-carol' });
    expect(vetoed.status, JSON.stringify(vetoed.body)).toBe(500); // a tap's throw is an internal error of that mod
    expect((await kit.t.request('/api/agents')).body.agents.map((a: { id: string }) => a.id)).toContain('keep-carol');
    expect(existsSync(kept)).toBe(true); // the rows stayed, so do the bytes
    expect((await listAttachments('s', 'keep-carol')).body.attachments).toHaveLength(1);

    const gone = await stored('dave');
    expect((await kit.t.request({ method: 'DELETE', url: '/api/agents/dave' })).status).toBe(200);
    expect(existsSync(path.dirname(gone))).toBe(false);
  });
});

describe('without the workspace mod', () => {
  it('keeps metadata only and the turn still runs', async () => {
    expect((await kit.t.request(json('POST', '/api/mod-management/workspace/disable'))).status).toBe(200);
    try {
      kit.fake.chat(textAnswer(['Fine.']));
      expect((await kit.t.request(chatRequest({ agentId: 'ada', sessionId: 'plain', message: 'x', attachments: [{ name: 'n.txt', type: 'text/plain', content: 'hi' }] }))).status).toBe(200);
      const session = await kit.t.request('/api/sessions/plain?agentId=ada');
      expect(session.body.messages[0].meta.attachments).toEqual([{ name: 'n.txt', type: 'text/plain', size: 2 }]);
    } finally {
      expect((await kit.t.request(json('POST', '/api/mod-management/workspace/enable'))).status).toBe(200);
    }
  });
});
