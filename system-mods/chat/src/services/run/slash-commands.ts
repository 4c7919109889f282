/**
 * Slash-command turns: answered at once with only a terminal event, no model call, nothing
 * added to the transcript. `/reset` advances the session's reset generation.
 */
import type { ModelSelection } from '../../../../agents/src/contract.js';

export interface SlashContext {
  agentId: string;
  sessionId: string;
  selection(): Promise<ModelSelection | null>;
  reset(): Promise<{ generation: number }>;
}

export interface SlashCommand {
  name: string;
  summary: string;
  run(context: SlashContext): Promise<string>;
}

const COMMANDS: SlashCommand[] = [
  {
    name: 'help',
    summary: 'list the slash commands',
    run: async () => ['Slash commands:', ...COMMANDS.map((c) => `/${c.name} — ${c.summary}`)].join('\n'),
  },
  {
    name: 'reset',
    summary: 'start this session afresh: earlier messages stay in the transcript but leave the model context',
    run: async (context) => {
      const session = await context.reset();
      return `Session ${context.sessionId} was reset (generation ${session.generation}).`;
    },
  },
  {
    name: 'model',
    summary: "show the agent's chat model selection",
    run: async (context) => {
      const selection = await context.selection();
      if (!selection) return 'No chat model is selected for this agent. Set one in the agent settings, or pass modelConnectionId and model with a turn.';
      return `Model: ${selection.model} on connection ${selection.connectionId} (reasoning effort ${selection.reasoningEffort}, temperature ${selection.temperature}).`;
    },
  },
];

/** The command a message invokes (`/name` alone on the message), or undefined for a normal turn. */
export function slashCommand(message: string): SlashCommand | undefined {
  const match = /^\/([a-z]+)\s*$/.exec(message.trim());
  if (!match) return undefined;
  return (
    COMMANDS.find((c) => c.name === match[1]) ?? {
      name: match[1]!,
      summary: 'unknown',
      run: async () => `Unknown command /${match[1]}. Try /help.`,
    }
  );
}
