/** `core.tools`: registers the tools the mod's manifest declares, as `mod.<id>.<name>`. */
import Ajv from 'ajv';
import type { ToolRegistrarService } from '../../sdk/core/tools.js';
import { errors } from '../errors.js';
import { describeValidationError } from '../http/schema-validators.js';
import type { ModServiceDefinition } from './kernel-service.js';

/** Tool inputs come from outside the mod: validated strictly, no coercion, no defaults filled in. */
const toolAjv = new Ajv.default({ strict: false, allErrors: false });

export const toolsService: ModServiceDefinition<ToolRegistrarService> = {
  id: 'core.tools',
  scope: 'mod',
  build: (c) => ({
    register(name, binding) {
      const declared = c.manifest.contributes?.tools?.find((t) => t.name === name);
      if (!declared) throw errors.modContributionUndeclared({ modId: c.modId, kind: 'tool', name });
      // Compiled at the first call: a start compiled every tool's schema (and ajv's meta-schema)
      // before the service could answer, though most tools are not called in a process's life.
      let validate: ReturnType<typeof toolAjv.compile> | undefined;
      return c.disposers.add(
        c['kernel.tool-registry'].add({
          name: `mod.${c.modId}.${name}`,
          modId: c.modId,
          title: declared.title,
          description: declared.description,
          inputSchema: binding.inputSchema,
          invoke: async (input, context) => {
            validate ??= toolAjv.compile(binding.inputSchema);
            if (!validate(input)) throw errors.toolInputInvalid({ tool: `mod.${c.modId}.${name}`, reason: describeValidationError(validate.errors) });
            return binding.handler(input, context);
          },
        }),
      );
    },
  }),
};
