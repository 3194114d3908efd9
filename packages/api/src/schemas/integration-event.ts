import { Type, type Static } from 'typebox';
import { DateTime, StringEnum } from './common.js';

/** An event delivered to an integration. */
export const IntegrationEvent = Type.Object(
  {
    id: Type.String(),
    integrationId: Type.String(),
    installationId: Type.Optional(Type.String()),
    createdAt: DateTime(),
    payload: Type.Object(
      {
        eventId: Type.String(),
        type: Type.String({ examples: ['installation_setup'] }),
        installationId: Type.Optional(Type.String()),
        status: Type.Optional(Type.String()),
        previous: Type.Optional(
          Type.Object({
            status: Type.Optional(Type.String()),
            configuration: Type.Optional(Type.Object({}, { additionalProperties: true })),
          }),
        ),
      },
      { additionalProperties: true },
    ),
    status: StringEnum(['success', 'failed']),
  },
  { title: 'IntegrationEvent' },
);
/** An event delivered to an integration. */
export type IntegrationEvent = Static<typeof IntegrationEvent>;

/** An event with the log its handling wrote. */
export const IntegrationEventTrace = Type.Object(
  {
    event: IntegrationEvent,
    trace: Type.Object({
      logs: Type.Array(
        Type.Object({
          message: Type.String(),
          timestamp: DateTime(),
          level: Type.String({ examples: ['debug'] }),
        }),
      ),
    }),
  },
  { title: 'IntegrationEventTrace' },
);
/** An event with its log. */
export type IntegrationEventTrace = Static<typeof IntegrationEventTrace>;
