/**
 * The dashboard (issue 16): the start page's cards in one call. Extension of
 * the Account service (not in spec §7), merged in catalogue.ts. Server side:
 * server/services/dashboard/ (one card = one file in its cards/ folder).
 */
import { Type } from '@sinclair/typebox';
import { method, SignedIn } from '../define';

export const DASHBOARD_CARD_KINDS = ['count', 'chart', 'list'] as const;

/** The app's own dialogs a card's action may open (the screen host supplies them: src/shell/app-dialogs.tsx). */
export const CARD_DIALOGS = ['terms'] as const;
export type CardDialog = (typeof CARD_DIALOGS)[number];

const Text = (description: string) => Type.String({ maxLength: 2000, description });

export const DashboardChartPointSchema = Type.Object({ Label: Type.String(), Value: Type.Number() });

/** One line of a list card: an audit entry, a scheduled termination. */
export const DashboardItemSchema = Type.Object({
  Id: Type.Integer(),
  At: Type.String({ description: 'ISO time' }),
  Action: Type.String(),
  AccountId: Type.Union([Type.Integer(), Type.Null()]),
  AccountName: Type.Union([Type.String(), Type.Null()]),
  ActorName: Type.Union([Type.String(), Type.Null()]),
  Text: Text('The entry in words (server/services/audit-log-text.ts)'),
  Link: Type.Union([Type.String(), Type.Null()], { description: 'Router path the line opens' }),
});

export const DashboardCardSchema = Type.Object({
  Id: Type.String(),
  Kind: Type.Union(DASHBOARD_CARD_KINDS.map((kind) => Type.Literal(kind))),
  Title: Type.String({ description: "Client text key of the card's title" }),
  Description: Type.String({ description: 'Client text key of its description' }),
  Link: Type.Union([Type.String(), Type.Null()], { description: 'Router path the card opens' }),
  Count: Type.Number({ description: 'The figure: a number of items, or an amount for a bill' }),
  Currency: Type.Optional(Type.String()),
  Points: Type.Optional(Type.Array(DashboardChartPointSchema)),
  Items: Type.Optional(Type.Array(DashboardItemSchema)),
  Action: Type.Optional(
    Type.Object(
      { Id: Type.String(), Kind: Type.Literal('dialog'), Dialog: Type.Union(CARD_DIALOGS.map((name) => Type.Literal(name))), Label: Type.String({ description: 'Client text key' }) },
      { description: 'A button under the card while its figure is above zero; the cards are read again when the dialog closes' },
    ),
  ),
  ItemLine: Type.Optional(
    Type.Object(
      { Primary: Type.String({ description: 'The item field shown' }), Secondary: Type.String({ description: 'Client text key under it; {{date}} is the item\'s time' }) },
      { description: 'How a list card writes its lines; without it: the item\'s Text, then who, where and when' },
    ),
  ),
});

export const DashboardSchema = Type.Object({ Cards: Type.Array(DashboardCardSchema) });

export const DashboardExtensions = {
  GetDashboard: method({
    summary: "The start page's cards the caller may see, each with its figure, computed within the caller's reach in one call.",
    result: DashboardSchema,
    access: SignedIn,
    extension: true,
  }),
};
