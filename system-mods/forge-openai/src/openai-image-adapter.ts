/**
 * `openai-images`: `POST <baseUrl>/images/generations` for one image, answered as base64
 * (`data[0].b64_json`). An answer carrying only a `url` is refused: following a URL the provider
 * names would be an unbounded second request to a host nobody configured.
 */
import type { ProviderConnection } from '../../model-connections/src/contract.js';
import type { EgressGuard } from '../../../sdk/core/egress.js';
import { isRecord, resolveTimeouts, type UpstreamTimeouts } from '../../../sdk/helpers/providers/index.js';
import type { MediaGenerationRequest, MediaProviderAdapter } from '../../forge/src/contract.js';
import { ArtifactTooLargeError, malformed, postForBytes } from './media-call.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Generation takes a while before the first byte: a longer wait for the answer's head. */
const IMAGE_TIMEOUTS: Partial<UpstreamTimeouts> = { connectTimeoutMs: 300_000 };

export class OpenAiImageAdapter implements MediaProviderAdapter {
  readonly id = 'openai-images';
  private readonly timeouts: UpstreamTimeouts;

  constructor(private readonly options: { egress: EgressGuard; timeouts?: Partial<UpstreamTimeouts> }) {
    this.timeouts = resolveTimeouts({ ...IMAGE_TIMEOUTS, ...options.timeouts });
  }

  async generate(connection: ProviderConnection, request: MediaGenerationRequest) {
    // The JSON holds the image as base64 (4 characters per 3 bytes) plus a little else.
    const maxJsonBytes = Math.ceil(request.maxBytes / 3) * 4 + 64 * 1024;
    const tooLarge = () => `the image is larger than the ${request.maxBytes}-byte limit`;
    const answer = await postForBytes({
      connection,
      path: 'images/generations',
      // DALL·E answers URLs unless asked for base64; the gpt-image models always answer base64 and refuse the field.
      body: { model: request.model, prompt: request.prompt, n: 1, ...(request.model.includes('dall-e') && { response_format: 'b64_json' }) },
      accept: 'application/json',
      maxBytes: maxJsonBytes,
      tooLarge,
      signal: request.signal,
      timeouts: this.timeouts,
      egress: this.options.egress,
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(answer.bytes).toString('utf8'));
    } catch {
      throw malformed('the image answer is not JSON');
    }
    const first = isRecord(parsed) && Array.isArray(parsed.data) ? parsed.data[0] : undefined;
    if (!isRecord(first)) throw malformed('the image answer has no data');
    if (typeof first.b64_json !== 'string') {
      throw malformed(typeof first.url === 'string' ? 'the image answer is a URL, not b64_json' : 'the image answer has no b64_json');
    }
    const text = first.b64_json.replace(/\s+/g, '');
    if (text.length === 0 || text.length % 4 === 1 || !BASE64.test(text)) throw malformed('the image answer b64_json is not base64');
    const bytes = Buffer.from(text, 'base64');
    if (bytes.byteLength > request.maxBytes) throw new ArtifactTooLargeError(tooLarge());
    return { artifacts: [{ bytes }] };
  }
}
