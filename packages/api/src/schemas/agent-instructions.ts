import { Type, type Static } from 'typebox';
import { DateTime, Urls } from './common.js';
import { Document } from './document.js';

/** Instructions an organization gives to AI agents working on its content. */
export const AgentInstructions = Type.Object(
  {
    object: Type.Literal('agent-instructions'),
    instructions: Document,
    // An organization's creation writes its empty instructions; only an organization made with
    // no user (a test seed) has instructions nobody wrote, and then neither member.
    updatedAt: Type.Optional(DateTime()),
    updatedBy: Type.Optional(
      Type.String({
        description:
          'Id of the user who last changed them (who created the organization, until changed).',
      }),
    ),
    urls: Urls(['location']),
  },
  { title: 'AgentInstructions' },
);
/** Instructions an organization gives to AI agents. */
export type AgentInstructions = Static<typeof AgentInstructions>;

/** PUT the agent instructions. */
export const UpdateAgentInstructionsBody = Type.Object(
  { instructions: Document },
  { title: 'UpdateAgentInstructionsBody' },
);
/** PUT the agent instructions. */
export type UpdateAgentInstructionsBody = Static<typeof UpdateAgentInstructionsBody>;
