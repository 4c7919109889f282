import { describe, expect, it } from 'vitest';
import { inferModelKind, isChatModel } from '../src/model-kind.js';
import { toModelView, type StoredModel } from '../src/models.js';

const output = (id: string) => inferModelKind(id)?.outputModalities;

describe('inferModelKind', () => {
  it('knows embedding models by `embed` and the common embedding families', () => {
    for (const id of [
      'text-embedding-3-small',
      'nomic-embed-text:latest',
      'mxbai-embed-large',
      'snowflake-arctic-embed2',
      'BAAI/bge-m3',
      'bge-large-en-v1.5',
      'intfloat/multilingual-e5-large',
      'all-minilm:l6-v2',
      'thenlper/gte-base',
    ]) {
      expect(output(id), id).toEqual(['embedding']);
    }
  });

  it('knows image, rerank, speech and transcription models', () => {
    for (const id of ['dall-e-3', 'gpt-image-1', 'imagen-3.0-generate-002', 'black-forest-labs/flux-1.1-pro', 'stable-diffusion-xl', 'sdxl-turbo', 'sd3-medium', 'recraft-v3', 'ideogram-v2']) {
      expect(output(id), id).toEqual(['image']);
    }
    expect(output('bge-reranker-v2-m3')).toEqual(['rerank']);
    expect(output('jina-reranker-v2')).toEqual(['rerank']);
    expect(output('tts-1-hd')).toEqual(['audio']);
    expect(output('gpt-4o-mini-tts')).toEqual(['audio']);
    expect(inferModelKind('whisper-1')).toEqual({ inputModalities: ['audio'], outputModalities: ['text'] });
  });

  it('says nothing about chat models', () => {
    for (const id of ['gpt-4.1-mini', 'gpt-5', 'claude-sonnet-4-5', 'llama3.1:8b', 'qwen2.5-coder:32b', 'mistral-large-2411', 'gemma3:27b', 'deepseek-r1:14b', 'phi3.5', 'o3-mini', 'gemini-2.5-flash']) {
      expect(inferModelKind(id), id).toBeUndefined();
    }
  });
});

describe('isChatModel', () => {
  it('takes text in and answers text; unknown modalities count as text', () => {
    expect(isChatModel({})).toBe(true);
    expect(isChatModel({ inputModalities: ['text', 'image'], outputModalities: ['text'] })).toBe(true);
    expect(isChatModel({ outputModalities: ['embedding'] })).toBe(false);
    expect(isChatModel({ outputModalities: ['image'] })).toBe(false);
    expect(isChatModel({ inputModalities: ['audio'], outputModalities: ['text'] })).toBe(false);
  });
});

describe('the inference as the last layer of the effective capabilities', () => {
  const model = (m: Partial<StoredModel> & { id: string }): StoredModel => ({ origin: 'manual', enabled: true, ...m });

  it('fills the modalities of a model nothing describes, and says so', () => {
    expect(toModelView(model({ id: 'nomic-embed-text' }))).toMatchObject({
      capabilities: { inputModalities: ['text'], outputModalities: ['embedding'] },
      inferredCapabilities: ['inputModalities', 'outputModalities'],
    });
    expect(toModelView(model({ id: 'llama3.1:8b' })).inferredCapabilities).toBeUndefined();
    expect(toModelView(model({ id: 'llama3.1:8b' })).capabilities).toEqual({});
  });

  it("loses to the operator's override, the provider's list and the catalog, field by field", () => {
    const pinned = toModelView(model({ id: 'my-embed-chat', capabilities: { outputModalities: ['text'] } }));
    expect(pinned.capabilities).toEqual({ inputModalities: ['text'], outputModalities: ['text'] });
    expect(pinned.inferredCapabilities).toEqual(['inputModalities']);
    const listed = toModelView(model({ id: 'flux-dev', listed: { present: true, seenAt: '2026-01-01T00:00:00Z', inputModalities: ['text', 'image'] } }));
    expect(listed.capabilities).toEqual({ inputModalities: ['text', 'image'], outputModalities: ['image'] });
    expect(listed.inferredCapabilities).toEqual(['outputModalities']);
    const provenance = { source: 'bundled-snapshot', snapshotAt: '2025-10-15T00:00:00.000Z', matchedProvider: 'x', matchedModel: 'x' };
    const catalogued = toModelView(model({ id: 'text-embedding-x', catalog: { inputModalities: ['text'], outputModalities: ['text'], provenance } }));
    expect(catalogued.capabilities).toEqual({ inputModalities: ['text'], outputModalities: ['text'] });
    expect(catalogued.inferredCapabilities).toBeUndefined();
  });
});
