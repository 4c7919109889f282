/**
 * A fake OpenAI-compatible media server for tests, over a real socket (the scripted core of
 * `fake-openai.ts`): `POST /v1/images/generations` answers `{data: [{b64_json}]}` with a real
 * PNG, `POST /v1/audio/speech` answers MP3 bytes, `GET /v1/models` lists the media models, and
 * OpenAI's video jobs: `POST /v1/videos` creates one (`queued`), each `GET /v1/videos/{id}`
 * moves it on along its script (by default `in_progress` at 50, then `completed`), and `GET
 * /v1/videos/{id}/content` answers the MP4 once it is completed (404 before).
 * Tests queue other answers per path (an HTTP error, a hang, an oversized body) and read back
 * what the client sent.
 */
import { startScriptedServer, type RecordedRequest, type ScriptedAnswer, type ScriptedServer } from './fake-openai.js';

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

/** A minimal MP4: an `ftyp` box (brand isom) and an empty `mdat`. */
export function tinyMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('mdat'), Buffer.alloc(8, 0x11)]);
  return Buffer.concat([ftyp, mdat]);
}

export const IMAGES_PATH = '/v1/images/generations';
export const SPEECH_PATH = '/v1/audio/speech';
export const VIDEOS_PATH = '/v1/videos';

/** One step of a video job, answered by a status request: a status, its progress, and an error for `failed`. */
export interface VideoStep {
  status: 'queued' | 'in_progress' | 'completed' | 'failed';
  progress?: number;
  error?: { code: string; message: string };
}

/** A video job the fake keeps. */
export interface FakeVideo {
  id: string;
  model: string;
  prompt: string;
  /** What the next status requests answer, in order; the last one stays. */
  steps: VideoStep[];
  /** Status requests answered so far. */
  polls: number;
}

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
  /** What the default video content answer carries. */
  video: Buffer;
  /** The steps the next created video goes through (default: in_progress at 50, then completed). */
  videoSteps: VideoStep[];
  /** Every video job created, by id. */
  videos: Map<string, FakeVideo>;
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
  const fake = {
    image: TINY_PNG,
    audio: tinyMp3(),
    video: tinyMp4(),
    videos: new Map(),
    videoSteps: [
      { status: 'in_progress', progress: 50 },
      { status: 'completed', progress: 100 },
    ],
  } as unknown as FakeOpenAiMedia;
  const videoObject = (video: FakeVideo, step: VideoStep) => ({
    id: video.id,
    object: 'video',
    model: video.model,
    status: step.status,
    progress: step.progress ?? 0,
    created_at: 1700000000,
    size: '720x1280',
    seconds: '4',
    ...(step.error ? { error: step.error } : {}),
  });
  // Paths with a video's id are answered by the defaults registered when it is created.
  const defaults: Record<string, (request: RecordedRequest) => ScriptedAnswer> = {
    [IMAGES_PATH]: () => imageAnswer(fake.image),
    [SPEECH_PATH]: () => bytesAnswer(fake.audio, 'audio/mpeg'),
    [VIDEOS_PATH]: (request) => {
      if (request.method !== 'POST' || typeof request.body?.prompt !== 'string') return { status: 400, json: { error: { message: 'prompt is required' } } };
      const video: FakeVideo = { id: `video_${fake.videos.size + 1}`, model: String(request.body.model ?? 'sora-2'), prompt: request.body.prompt, steps: [...fake.videoSteps], polls: 0 };
      fake.videos.set(video.id, video);
      const current = () => video.steps[Math.min(video.polls, video.steps.length) - 1] ?? { status: 'queued' as const };
      defaults[`${VIDEOS_PATH}/${video.id}`] = () => {
        video.polls += 1;
        return { json: videoObject(video, current()) };
      };
      defaults[`${VIDEOS_PATH}/${video.id}/content`] = () => (current().status === 'completed' ? bytesAnswer(fake.video, 'video/mp4') : { status: 404, json: { error: { message: 'the video is not ready' } } });
      return { json: videoObject(video, { status: 'queued', progress: 0 }) };
    },
    '/v1/models': () => ({
      json: {
        object: 'list',
        data: [
          { id: 'gpt-image-1', object: 'model' },
          { id: 'tts-1', object: 'model' },
        ],
      },
    }),
  };
  const server = await startScriptedServer(defaults);
  return Object.assign(fake, server, {
    baseUrl: `${server.origin}/v1`,
    images: (answer: ScriptedAnswer) => server.answer(IMAGES_PATH, answer),
    speech: (answer: ScriptedAnswer) => server.answer(SPEECH_PATH, answer),
  });
}
