/**
 * What the continuity suites share: the chat kit (a kernel with the chat runtime, agents whose
 * model is the fake OpenAI-compatible server) with the continuity mod loaded, and readers of the
 * requests the fake model received.
 */
import type { Knex } from 'knex';
import type { ModDatabaseService } from '../../../sdk/index.js';
import { startChatKit, type ChatKit } from '../../../test/kits/chat-kit.js';
import { modDatabaseOver } from '../../../test/kits/mod-database.js';

export { chatRequest, parseNdjson, textAnswer, until } from '../../../test/kits/chat-kit.js';

export async function startContinuityKit(agents: string[]): Promise<ChatKit> {
  return startChatKit({ agents, mods: ['api-docs', 'continuity'] });
}

/** The system message of each chat completion request the fake model got after `from`. */
export function systemPrompts(kit: ChatKit, from: number): string[] {
  return kit.fake.requests
    .slice(from)
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => {
      const system = (r.body.messages as Array<{ role: string; content: unknown }>).find((m) => m.role === 'system');
      return typeof system?.content === 'string' ? system.content : JSON.stringify(system?.content ?? '');
    });
}

/** The mod's database view over the kernel's knex (the stores only name their own tables). */
export function modDb(knex: Knex, driver: 'pglite' | 'postgres'): ModDatabaseService {
  return modDatabaseOver(knex, 'continuity', { driver });
}
