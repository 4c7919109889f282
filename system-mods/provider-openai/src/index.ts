import { coreServices, defineMod } from '../../../sdk/index.js';
import { OpenAiChatAdapter } from './openai-chat-adapter.js';

export default defineMod({
  deps: { providers: coreServices.modelProviders, log: coreServices.logger, egress: coreServices.egress },
  init({ providers, log, egress }) {
    providers.register(new OpenAiChatAdapter({ log, egress }));
  },
});
