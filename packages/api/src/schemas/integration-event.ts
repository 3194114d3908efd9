import { Type, type Static } from 'typebox';
import { DateTime, StringEnum } from './common.js';

/** One attempt to deliver an event: when, what came back, how long it took. */
const DeliveryAttempt = Type.Object({
  number: Type.Integer({ minimum: 1 }),
  startedAt: DateTime(),
  outcome: StringEnum(['delivered', 'not_handled', 'retry', 'failed']),
  responseCode: Type.Optional(Type.Integer({ description: 'Absent when no answer came.' })),
  durationMs: Type.Integer({ minimum: 0 }),
  error: Type.Optional(Type.String()),
});

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
    status: StringEnum(['success', 'failed'], {
      description: '`success` once delivered (or answered 406: not handled); `failed` until then.',
    }),
    delivery: Type.Optional(
      Type.Object(
        {
          state: StringEnum(['pending', 'delivered', 'not_handled', 'failed']),
          attempts: Type.Array(DeliveryAttempt),
        },
        { description: 'docsync: where delivery stands, and each attempt so far.' },
      ),
    ),
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
