/**
 * A fake OpenAI-compatible media server for tests, over a real socket (the scripted core of
 * `fake-openai.ts`): `POST /v1/images/generations` answers `{data: [{b64_json}]}` with a real
 * PNG, `POST /v1/audio/speech` answers MP3 bytes, `GET /v1/models` lists the media models.
 * Tests queue other answers per path (an HTTP error, a hang, an oversized body) and read back
 * what the client sent.
 */
import { startScriptedServer, type ScriptedAnswer, type ScriptedServer } from './fake-openai.js';

/** A 1×1 PNG (70 bytes). */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** An MP3 stream: an ID3v2 header, then MPEG-1 layer III frame headers with silent frames. */
export function tinyMp3(frames = 4): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  // 128 kbit/s, 44.1 kHz: 417-byte frames.
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

export const IMAGES_PATH = '/v1/images/generations';
export const SPEECH_PATH = '/v1/audio/speech';

export interface FakeOpenAiMedia extends ScriptedServer {
  /** `http://127.0.0.1:<port>/v1`, the connection's base URL. */
  baseUrl: string;
  /** What the default image answer carries. */
  image: Buffer;
  /** What the default speech answer carries. */
  audio: Buffer;
  /** Queues the answer to the next image request. */
  images(answer: ScriptedAnswer): void;
  /** Queues the answer to the next speech request. */
  speech(answer: ScriptedAnswer): void;
}

/** An image answer in the OpenAI format. */
export function imageAnswer(bytes: Buffer): ScriptedAnswer {
  return { json: { created: 1700000000, data: [{ b64_json: bytes.toString('base64') }] } };
}

/** Raw bytes with a content type (the scripted core writes `events` pieces verbatim). */
export function bytesAnswer(bytes: Buffer, contentType: string): ScriptedAnswer {
  return { events: [bytes], headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) } };
}

export async function startFakeOpenAiMedia(): Promise<FakeOpenAiMedia> {
  const fake = { image: TINY_PNG, audio: tinyMp3() } as FakeOpenAiMedia;
  const server = await startScriptedServer({
    [IMAGES_PATH]: () => imageAnswer(fake.image),
    [SPEECH_PATH]: () => bytesAnswer(fake.audio, 'audio/mpeg'),
    '/v1/models': () => ({
      json: {
        object: 'list',
        data: [
          { id: 'gpt-image-1', object: 'model' },
          { id: 'tts-1', object: 'model' },
        ],
      },
    }),
  });
  return Object.assign(fake, server, {
    baseUrl: `${server.origin}/v1`,
    images: (answer: ScriptedAnswer) => server.answer(IMAGES_PATH, answer),
    speech: (answer: ScriptedAnswer) => server.answer(SPEECH_PATH, answer),
  });
}
