/** The tool-approval policy's evaluation: most specific rule first, boundaries absolute, failing closed. Pure, no kernel. */
import { describe, expect, it } from 'vitest';
import { evaluatePolicy, toolApprovalDefaults } from '../src/services/tool-approvals.js';
import type { ToolApprovalPolicy, ToolCallSubject } from '../src/contract.js';

const gateway = (command: string, agentId = 'ada'): ToolCallSubject => ({ agentId, tool: 'mod.exec-gateway.process_run', kind: 'mod', command });
const policy = (rules: ToolApprovalPolicy['rules'], defaults: Partial<ToolApprovalPolicy['defaults']> = {}): ToolApprovalPolicy => ({
  defaults: { builtin: 'allow', mod: 'allow', mcp: 'allow', ...defaults },
  rules,
});

describe('evaluatePolicy', () => {
  it('ships asking before gateway commands and writes outside the workspace, allowing the rest', () => {
    const shipped = toolApprovalDefaults();
    expect(evaluatePolicy(shipped, [], gateway('ls')).action).toBe('ask');
    expect(evaluatePolicy(shipped, [], { agentId: 'ada', tool: 'builtin.workspace_write', kind: 'builtin', path: '../x', outsideWorkspace: true }).rule.id).toBe('writes-outside-workspace');
    expect(evaluatePolicy(shipped, [], { agentId: 'ada', tool: 'builtin.workspace_write', kind: 'builtin', path: 'x', outsideWorkspace: false })).toMatchObject({ action: 'allow', rule: { source: 'default' } });
    expect(evaluatePolicy(shipped, [], { agentId: 'ada', tool: 'mcp:github/create_issue', kind: 'mcp' }).action).toBe('allow');
  });

  it('the most specific rule decides: agent over everyone, exact tool over prefix, a command matcher over none', () => {
    const p = policy([
      { id: 'all-mcp', action: 'ask', tool: 'mcp:*' },
      { id: 'github', action: 'deny', tool: 'mcp:github/*' },
      { id: 'github-read', action: 'allow', tool: 'mcp:github/read' },
      { id: 'ada-github', action: 'ask', agentId: 'ada', tool: 'mcp:github/*' },
      { id: 'gw', action: 'ask', tool: 'mod.exec-gateway.process_run' },
      { id: 'gw-ls', action: 'allow', tool: 'mod.exec-gateway.process_run', command: '^ls\\b' },
    ]);
    const mcp = (tool: string, agentId = 'bob'): ToolCallSubject => ({ agentId, tool, kind: 'mcp' });
    expect(evaluatePolicy(p, [], mcp('mcp:other/x')).rule.id).toBe('all-mcp');
    expect(evaluatePolicy(p, [], mcp('mcp:github/write')).rule.id).toBe('github');
    expect(evaluatePolicy(p, [], mcp('mcp:github/read')).rule.id).toBe('github-read');
    expect(evaluatePolicy(p, [], mcp('mcp:github/read', 'ada')).rule.id).toBe('ada-github');
    expect(evaluatePolicy(p, [], gateway('ls -la')).action).toBe('allow');
    expect(evaluatePolicy(p, [], gateway('rm -rf x')).action).toBe('ask');
  });

  it('at equal specificity the stricter action wins', () => {
    const p = policy([
      { id: 'a', action: 'allow', tool: 'builtin.workspace_write' },
      { id: 'b', action: 'deny', tool: 'builtin.workspace_write' },
    ]);
    expect(evaluatePolicy(p, [], { agentId: 'ada', tool: 'builtin.workspace_write', kind: 'builtin' }).rule.id).toBe('b');
  });

  it('an execution boundary denies whatever the rules say', () => {
    const p = policy([{ id: 'allow-ada', action: 'allow', agentId: 'ada', tool: 'mod.exec-gateway.process_run' }]);
    expect(evaluatePolicy(p, ['\\bmkfs\\b'], gateway('mkfs /dev/sda'))).toMatchObject({ action: 'deny', rule: { id: 'boundary:0', source: 'boundary' } });
    expect(evaluatePolicy(p, ['\\bmkfs\\b'], gateway('ls')).action).toBe('allow');
  });

  it('fails closed: a rule that cannot be applied denies the calls it could concern, a malformed policy every call', () => {
    const broken = { defaults: { builtin: 'allow', mod: 'allow', mcp: 'allow' }, rules: [{ id: 'bad', action: 'allow', tool: 'mcp:github/*', command: '(' }] };
    expect(evaluatePolicy(broken, [], { agentId: 'ada', tool: 'mcp:github/x', kind: 'mcp' })).toMatchObject({ action: 'deny', rule: { id: 'invalid:bad', source: 'invalid' } });
    expect(evaluatePolicy(broken, [], { agentId: 'ada', tool: 'mcp:other/x', kind: 'mcp' }).action).toBe('allow');
    expect(evaluatePolicy({ rules: 'x' }, [], gateway('ls')).rule.id).toBe('invalid:policy');
    expect(evaluatePolicy({ defaults: { mod: 'sometimes' }, rules: [] }, [], gateway('ls')).rule.id).toBe('invalid:defaults');
    expect(evaluatePolicy(policy([{ id: 'x', action: 'maybe' as never, tool: '*' }]), [], gateway('ls')).action).toBe('deny');
  });
});
