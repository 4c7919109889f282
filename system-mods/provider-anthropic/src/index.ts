import { coreServices, defineMod } from '../../../sdk/index.js';
import { AnthropicMessagesAdapter } from './anthropic-messages-adapter.js';

export default defineMod({
  deps: { providers: coreServices.modelProviders, log: coreServices.logger, egress: coreServices.egress },
  init({ providers, log, egress }) {
    providers.register(new AnthropicMessagesAdapter({ log, egress }));
  },
});
