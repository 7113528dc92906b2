/**
 * Webhooks (extension, issue 26): an account's HTTPS endpoints, the events each receives, the
 * deliveries with their outcome, replays and secret rotation. Signed as Standard Webhooks says;
 * see server/webhooks/. Reading needs WEBHOOKS Read, every change WEBHOOKS Execute; an endpoint
 * outside the caller's reach answers 404 as an unknown one.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { Id, Text } from '../common';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events';

export const WebhookEventTypeSchema = Type.Union(
  WEBHOOK_EVENT_TYPES.map((type) => Type.Literal(type)),
  { description: 'A webhook event type' },
);

/** https, or http to a loopback receiver when the server allows it (development; the server decides). */
export const WEBHOOK_URL_PATTERN = '^https?://';
const EndpointUrl = Type.String({ minLength: 9, maxLength: 2000, pattern: WEBHOOK_URL_PATTERN, examples: ['https://hooks.example.com/portal'], description: 'HTTPS URL the events are posted to (http only to a loopback receiver in development)' });
const EventTypes = Type.Array(WebhookEventTypeSchema, { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true, description: 'Events the endpoint receives' });

export const WebhookEndpointSchema = Type.Object({
  EndpointId: Type.Integer(),
  AccountId: Type.Integer(),
  Url: Type.String(),
  Description: Type.String(),
  EventTypes: Type.Array(Type.String()),
  Enabled: Type.Boolean(),
  /** User: switched off; Failing: a day of failed deliveries switched it off. */
  DisabledReason: Type.Union([Type.Literal('User'), Type.Literal('Failing'), Type.Null()]),
  /** Until then the previous secret signs too (rotation overlap). */
  PreviousSecretValidUntil: Type.Union([Type.String(), Type.Null()]),
  FailingSince: Type.Union([Type.String(), Type.Null()]),
  CreatedAt: Type.String(),
  PendingDeliveries: Type.Integer(),
  FailedDeliveries: Type.Integer(),
});
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;

export const WebhookDeliverySchema = Type.Object({
  DeliveryId: Type.Integer(),
  MessageId: Type.String(),
  EventType: Type.String(),
  Subject: Type.String(),
  Status: Type.Union([Type.Literal('Pending'), Type.Literal('Succeeded'), Type.Literal('Failed')]),
  Attempts: Type.Integer(),
  ResponseStatus: Type.Union([Type.Integer(), Type.Null()]),
  ResponseExcerpt: Type.Union([Type.String(), Type.Null()]),
  Error: Type.Union([Type.String(), Type.Null()]),
  CreatedAt: Type.String(),
  LastAttemptAt: Type.Union([Type.String(), Type.Null()]),
  NextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  ReplayOf: Type.Union([Type.Integer(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

/** A secret is answered once, when created or rotated. */
const WithSecret = Type.Object({ Endpoint: WebhookEndpointSchema, Secret: Type.String({ description: 'whsec_… signing secret, shown once' }) });

export const Webhooks = {
  ListWebhookEndpoints: method({
    summary: 'The webhook endpoints of an account.',
    params: { accountId: AccountId() },
    result: Type.Array(WebhookEndpointSchema),
    access: needs('WEBHOOKS', 'Read', 'accountId'),
    extension: true,
  }),
  CreateWebhookEndpoint: method({
    summary: 'Subscribe an HTTPS endpoint of an account to events; answers the signing secret once.',
    params: { accountId: AccountId(), url: EndpointUrl, description: Opt(Text(500)), eventTypes: EventTypes },
    result: WithSecret,
    access: needs('WEBHOOKS', 'Execute', 'accountId'),
    refusals: [404],
    extension: true,
  }),
  UpdateWebhookEndpoint: method({
    summary: 'Change an endpoint: URL, description, events, enabled.',
    params: {
      endpointId: Id('Webhook endpoint'),
      url: Opt(EndpointUrl),
      description: Opt(Text(500)),
      eventTypes: Opt(EventTypes),
      enabled: Opt(Type.Boolean({ description: 'false switches the endpoint off; true on again (pending deliveries resume)' })),
    },
    result: WebhookEndpointSchema,
    access: needs('WEBHOOKS', 'Execute'),
    refusals: [404],
    extension: true,
  }),
  DeleteWebhookEndpoint: method({
    summary: 'Delete an endpoint and its deliveries.',
    params: { endpointId: Id('Webhook endpoint') },
    result: Type.Object({ Deleted: Type.Boolean() }),
    access: needs('WEBHOOKS', 'Execute'),
    refusals: [404],
    extension: true,
  }),
  RotateWebhookSecret: method({
    summary: 'A new signing secret, answered once; the previous one still signs during the overlap.',
    params: {
      endpointId: Id('Webhook endpoint'),
      overlapHours: Opt(Type.Integer({ minimum: 0, maximum: 168, description: 'Hours the previous secret still signs (default 24)' })),
    },
    result: WithSecret,
    access: needs('WEBHOOKS', 'Execute'),
    refusals: [404],
    extension: true,
  }),
  ListWebhookDeliveries: method({
    summary: "An endpoint's deliveries, newest first.",
    params: {
      endpointId: Id('Webhook endpoint'),
      status: Opt(Type.Union([Type.Literal('Pending'), Type.Literal('Succeeded'), Type.Literal('Failed')])),
      limit: Opt(Type.Integer({ minimum: 1, maximum: 500, description: 'At most this many (default 100)' })),
    },
    result: Type.Array(WebhookDeliverySchema),
    access: needs('WEBHOOKS', 'Read'),
    refusals: [404],
    extension: true,
  }),
  ReplayWebhookDeliveries: method({
    summary: 'Send one delivery again, or every failed one of the endpoint when no delivery is named.',
    params: { endpointId: Id('Webhook endpoint'), deliveryId: Opt(Id('Delivery to send again')) },
    result: Type.Object({ Replayed: Type.Integer() }),
    access: needs('WEBHOOKS', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
};
