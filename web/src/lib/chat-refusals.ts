/** Placeholder: a refused turn in words, until the catalogue-wide explanations land. */
export function explainRefusal(failure: { status: number; error: string; message?: string }, ctx: { agentId: string }): { text: string; link?: { href: string; label: string } } {
  if (failure.error === 'chat_model_not_configured')
    return { text: 'This agent has no model yet. Choose one in its model settings, then send again.', link: { href: `#/agents/${encodeURIComponent(ctx.agentId)}`, label: 'Open the agent' } };
  if (failure.status === 0) return { text: 'The server could not be reached. Check that it is running, then send again.' };
  return { text: failure.message ? `${failure.message} (${failure.error})` : failure.error };
}
