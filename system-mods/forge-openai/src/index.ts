import { coreServices, defineMod } from '../../../sdk/index.js';
import { mediaProviderPoint } from '../../forge/src/contract.js';
import { OpenAiImageAdapter } from './openai-image-adapter.js';
import { OpenAiSpeechAdapter } from './openai-speech-adapter.js';
import { DEFAULT_VIDEO_POLL_MS, OpenAiVideoAdapter } from './openai-video-adapter.js';

export default defineMod({
  deps: { extensions: coreServices.extensions, egress: coreServices.egress, settings: coreServices.settings },
  init({ extensions, egress, settings }) {
    extensions.provide(mediaProviderPoint, new OpenAiImageAdapter({ egress }));
    extensions.provide(mediaProviderPoint, new OpenAiSpeechAdapter({ egress }));
    const pollMs = async () => (await settings.get<{ videoPollMs?: number }>()).videoPollMs ?? DEFAULT_VIDEO_POLL_MS;
    extensions.provide(mediaProviderPoint, new OpenAiVideoAdapter({ egress, pollMs }));
  },
});
