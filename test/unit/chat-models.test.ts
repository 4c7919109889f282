import { describe, expect, it } from 'vitest';
import { chatModelGroups, compactTokens, formatDuration, formatTokens, fromOptionKey, isChatModel, modelsWith, optionKey } from '../../web/src/lib/chat-models.js';
import { isChatModel as serverIsChatModel } from '../../system-mods/model-connections/src/model-kind.js';

describe('the chat model list of the UI', () => {
  it('keeps the enabled chat models of each connection, with their hints, and drops empty connections', () => {
    const groups = chatModelGroups([
      {
        id: 'openai',
        provider: 'openai',
        baseUrl: 'https://api.openai.com/v1',
        models: [
          { id: 'gpt-4.1-mini', enabled: true, contextWindow: 1047576, capabilities: { inputModalities: ['text', 'image'], outputModalities: ['text'], toolCalls: true } },
          { id: 'text-embedding-3-small', enabled: true, capabilities: { inputModalities: ['text'], outputModalities: ['embedding'] } },
          { id: 'gpt-image-1', enabled: true, capabilities: { outputModalities: ['image'] } },
          { id: 'o3', enabled: false, capabilities: { reasoning: true } },
        ],
      },
      { id: 'embed-only', provider: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', models: [{ id: 'nomic-embed-text', enabled: true, capabilities: { outputModalities: ['embedding'] } }] },
      { id: 'ollama-2', provider: 'ollama', baseUrl: 'not a url', models: [{ id: 'llama3.1:8b', enabled: true, capabilities: {} }] },
    ]);
    expect(groups).toEqual([
      { connectionId: 'openai', label: 'openai · api.openai.com', models: [{ connectionId: 'openai', model: 'gpt-4.1-mini', hints: ['vision', 'tools', '1M context'] }] },
      { connectionId: 'ollama-2', label: 'ollama-2', models: [{ connectionId: 'ollama-2', model: 'llama3.1:8b', hints: [] }] },
    ]);
  });

  it('decides what a chat model is as the model-connections mod does', () => {
    for (const caps of [{}, { outputModalities: ['embedding'] }, { inputModalities: ['audio'], outputModalities: ['text'] }, { inputModalities: ['text', 'image'] }, { outputModalities: ['text', 'image'] }]) {
      expect(isChatModel(caps), JSON.stringify(caps)).toBe(serverIsChatModel(caps));
    }
  });

  it('round-trips an option key, ids with colons and slashes included', () => {
    expect(fromOptionKey(optionKey('openrouter', 'meta-llama/llama-3.1-8b:free'))).toEqual({ modelConnectionId: 'openrouter', model: 'meta-llama/llama-3.1-8b:free' });
    expect(fromOptionKey('')).toBeUndefined();
  });

  it('writes durations and token counts as the answer line shows them', () => {
    expect([formatDuration(0), formatDuration(850), formatDuration(3240), formatDuration(65_000), formatDuration(120_000)]).toEqual(['0 ms', '850 ms', '3.2 s', '1 min 5 s', '2 min']);
    expect([formatTokens(1), formatTokens(1234), formatTokens(0)]).toEqual(['1 token', '1,234 tokens', '0 tokens']);
    expect([compactTokens(8192), compactTokens(128000), compactTokens(1047576), compactTokens(2_000_000), compactTokens(512)]).toEqual(['8k', '128k', '1M', '2M', '512']);
  });
});

describe('modelsWith', () => {
  const connections = [
    {
      id: 'local',
      provider: 'ollama',
      baseUrl: 'http://127.0.0.1:11434/v1',
      models: [
        { id: 'llama3', enabled: true, capabilities: {} },
        { id: 'llava', enabled: true, capabilities: { inputModalities: ['text', 'image'], outputModalities: ['text'] } },
        { id: 'nomic-embed-text', enabled: true, capabilities: { inputModalities: ['text'], outputModalities: ['embedding'] } },
        { id: 'flux-dev', enabled: true, capabilities: { inputModalities: ['text'], outputModalities: ['image'] } },
        { id: 'tts-1', enabled: true, capabilities: { inputModalities: ['text'], outputModalities: ['audio'] } },
        { id: 'whisper-1', enabled: true, capabilities: { inputModalities: ['audio'], outputModalities: ['text'] } },
        { id: 'off-embed', enabled: false, capabilities: { outputModalities: ['embedding'] } },
      ],
    },
    { id: 'empty', provider: 'x', baseUrl: 'not a url', models: [{ id: 'e5-large', enabled: true, capabilities: { outputModalities: ['embedding'] } }] },
  ];
  const ids = (capability: Parameters<typeof modelsWith>[1]) => modelsWith(connections, capability).map((g) => [g.connectionId, g.models.map((m) => m.model)]);

  it('offers the enabled models with the capability, per connection, leaving out connections without any', () => {
    expect(ids('chat')).toEqual([['local', ['llama3', 'llava']]]);
    expect(ids('vision')).toEqual([['local', ['llava']]]);
    expect(ids('embedding')).toEqual([
      ['local', ['nomic-embed-text']],
      ['empty', ['e5-large']],
    ]);
    expect(ids('image')).toEqual([['local', ['flux-dev']]]);
    expect(ids('speech')).toEqual([['local', ['tts-1']]]);
    expect(ids('transcription')).toEqual([['local', ['whisper-1']]]);
    expect(modelsWith(connections, 'embedding').map((g) => g.label)).toEqual(['local · 127.0.0.1:11434', 'empty']);
  });

  it('is what the chat picker uses', () => {
    expect(chatModelGroups(connections)).toEqual(modelsWith(connections, 'chat'));
  });
});
