import { coreServices, defineMod } from '../../../sdk/index.js';
import { mediaProviderPoint } from '../../forge/src/contract.js';
import { OpenAiImageAdapter } from './openai-image-adapter.js';
import { OpenAiSpeechAdapter } from './openai-speech-adapter.js';

export default defineMod({
  deps: { extensions: coreServices.extensions, egress: coreServices.egress },
  init({ extensions, egress }) {
    extensions.provide(mediaProviderPoint, new OpenAiImageAdapter({ egress }));
    extensions.provide(mediaProviderPoint, new OpenAiSpeechAdapter({ egress }));
  },
});
