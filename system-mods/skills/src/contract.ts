/**
 * An agent's assigned skills as text for the model (provided by the `skills` system mod).
 */
import { createServiceRef } from '../../../sdk/index.js';

/** One assigned skill, resolved by precedence (agent file, global file, central store). @public */
export interface AssignedSkill {
  id: string;
  name: string;
  description: string;
  content: string;
}

/** @public */
export interface AgentSkillsService {
  /** The skills assigned to `agentId`, in assignment order; ids that no longer resolve are left out. */
  assigned(agentId: string): Promise<AssignedSkill[]>;
}

/** @public */
export const agentSkillsServiceRef = createServiceRef<AgentSkillsService>({ id: 'skills.agent-skills' });
