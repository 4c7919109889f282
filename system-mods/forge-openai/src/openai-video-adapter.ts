/**
 * `openai-video`: OpenAI's video generation API, a job on the provider's side. `POST
 * <baseUrl>/videos` (`{model, prompt}`) creates it, `GET <baseUrl>/videos/{id}` is polled
 * (every `videoPollMs`, a setting of this mod) until its status is `completed` or `failed`, and
 * `GET <baseUrl>/videos/{id}/content` downloads the MP4, read up to the artifact bound. The
 * provider's progress becomes the Forge job's; the attempt's signal (expiry, shutdown) stops the
 * polling. Which models it serves comes from their metadata (output `video`), not from names.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderConnection } from '../../model-connections/src/contract.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import { isRecord, resolveTimeouts, UpstreamError, type UpstreamTimeouts } from '../../../sdk/helpers/providers/index.js';
import type { MediaGenerationRequest, MediaProviderAdapter } from '../../forge/src/contract.js';
import { exchangeBytes, malformed } from './media-call.js';

/** The provider says the video failed (moderation, a bad prompt): the job fails for good with its reason. */
export class VideoGenerationFailed extends Error {
  readonly code = 'forge_generation_failed';
}

export const DEFAULT_VIDEO_POLL_MS = 5_000;
/** A status answer is small: anything larger is not one. */
const MAX_STATUS_BYTES = 64 * 1024;
const VIDEO_ID = /^[A-Za-z0-9_-]{1,200}$/;

interface VideoStatus {
  id: string;
  status: string;
  progress?: number;
  error?: string;
}

export class OpenAiVideoAdapter implements MediaProviderAdapter {
  readonly id = 'openai-video';
  private readonly timeouts: UpstreamTimeouts;

  constructor(private readonly options: { egress: EgressGuard; pollMs: () => Promise<number>; timeouts?: Partial<UpstreamTimeouts> }) {
    this.timeouts = resolveTimeouts({ connectTimeoutMs: 120_000, ...options.timeouts });
  }

  async generate(connection: ProviderConnection, request: MediaGenerationRequest) {
    let video = await this.status(connection, request, 'POST', 'videos', { model: request.model, prompt: request.prompt });
    const pollMs = await this.options.pollMs();
    while (video.status !== 'completed') {
      if (video.status === 'failed') throw new VideoGenerationFailed(`the provider could not make the video${video.error ? `: ${video.error}` : ''}`.slice(0, 500));
      if (video.status !== 'queued' && video.status !== 'in_progress') throw malformed(`the video status is ${JSON.stringify(video.status).slice(0, 40)}`);
      if (video.progress !== undefined) request.progress?.(video.progress);
      try {
        await sleep(pollMs, undefined, { signal: request.signal });
      } catch {
        throw new UpstreamError('aborted', 'the attempt was stopped while the video was being made');
      }
      video = await this.status(connection, request, 'GET', `videos/${encodeURIComponent(video.id)}`);
    }
    const answer = await exchangeBytes({
      connection,
      method: 'GET',
      path: `videos/${encodeURIComponent(video.id)}/content`,
      accept: 'video/*',
      maxBytes: request.maxBytes,
      tooLarge: (max) => `the video is larger than the ${max}-byte limit`,
      signal: request.signal,
      timeouts: this.timeouts,
      egress: this.options.egress,
    });
    if (answer.contentType.includes('json') || answer.contentType.startsWith('text/')) throw malformed(`the video content is ${answer.contentType.split(';')[0]}, not video`);
    if (answer.bytes.byteLength === 0) throw malformed('the video content is empty');
    return { artifacts: [{ bytes: answer.bytes, declaredType: answer.contentType }] };
  }

  /** One create or status call: the video object's id, status, progress and error message. */
  private async status(connection: ProviderConnection, request: MediaGenerationRequest, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<VideoStatus> {
    const answer = await exchangeBytes({
      connection,
      method,
      path,
      ...(body ? { body } : {}),
      accept: 'application/json',
      maxBytes: MAX_STATUS_BYTES,
      tooLarge: () => 'the video status answer is too large',
      signal: request.signal,
      timeouts: this.timeouts,
      egress: this.options.egress,
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(answer.bytes).toString('utf8'));
    } catch {
      throw malformed('the video answer is not JSON');
    }
    if (!isRecord(parsed) || typeof parsed.id !== 'string' || !VIDEO_ID.test(parsed.id) || typeof parsed.status !== 'string') throw malformed('the video answer has no id and status');
    const progress = typeof parsed.progress === 'number' && Number.isFinite(parsed.progress) ? Math.max(0, Math.min(100, Math.round(parsed.progress))) : undefined;
    const error = isRecord(parsed.error) && typeof parsed.error.message === 'string' ? parsed.error.message : undefined;
    return { id: parsed.id, status: parsed.status, ...(progress !== undefined ? { progress } : {}), ...(error ? { error } : {}) };
  }
}
