import { coreServices, defineMod } from '../../../sdk/index.js';
import { OpenAiChatAdapter } from './openai-chat-adapter.js';

export default defineMod({
  deps: { providers: coreServices.modelProviders, log: coreServices.logger },
  init({ providers, log }) {
    providers.register(new OpenAiChatAdapter({ log }));
  },
});
