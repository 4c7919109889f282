/**
 * `openai-speech`: `POST <baseUrl>/audio/speech` (`{model, input, voice, response_format}`),
 * answered with the audio bytes themselves.
 */
import type { ProviderConnection } from '../../model-connections/src/contract.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import { resolveTimeouts, type UpstreamTimeouts } from '../../../sdk/helpers/providers/index.js';
import type { MediaGenerationRequest, MediaProviderAdapter } from '../../forge/src/contract.js';
import { malformed, postForBytes } from './media-call.js';

/** The voice every OpenAI-style speech model has. */
export const DEFAULT_VOICE = 'alloy';

export class OpenAiSpeechAdapter implements MediaProviderAdapter {
  readonly id = 'openai-speech';
  private readonly timeouts: UpstreamTimeouts;

  constructor(private readonly options: { egress: EgressGuard; timeouts?: Partial<UpstreamTimeouts> }) {
    this.timeouts = resolveTimeouts({ connectTimeoutMs: 120_000, ...options.timeouts });
  }

  async generate(connection: ProviderConnection, request: MediaGenerationRequest) {
    const answer = await postForBytes({
      connection,
      path: 'audio/speech',
      body: { model: request.model, input: request.prompt, voice: DEFAULT_VOICE, response_format: 'mp3' },
      accept: 'audio/*',
      maxBytes: request.maxBytes,
      tooLarge: (max) => `the audio is larger than the ${max}-byte limit`,
      signal: request.signal,
      timeouts: this.timeouts,
      egress: this.options.egress,
    });
    // A JSON answer under 200 is an error body some servers send with the wrong status.
    if (answer.contentType.includes('json') || answer.contentType.startsWith('text/')) throw malformed(`the speech answer is ${answer.contentType.split(';')[0]}, not audio`);
    if (answer.bytes.byteLength === 0) throw malformed('the speech answer is empty');
    return { artifacts: [{ bytes: answer.bytes, declaredType: answer.contentType }] };
  }
}
