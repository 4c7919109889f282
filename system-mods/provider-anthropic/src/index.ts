import { coreServices, defineMod } from '../../../sdk/index.js';
import { modelProviderPoint } from '../../model-connections/src/contract.js';
import { AnthropicMessagesAdapter } from './anthropic-messages-adapter.js';

export default defineMod({
  deps: { extensions: coreServices.extensions, log: coreServices.logger, egress: coreServices.egress },
  init({ extensions, log, egress }) {
    extensions.provide(modelProviderPoint, new AnthropicMessagesAdapter({ log, egress }));
  },
});
