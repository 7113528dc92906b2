/**
 * A dashboard card is a file (cards/<id>.json): its texts (client text keys of
 * the `dashboard` namespace), the capability that shows it, the named data
 * source that computes its figure (data-sources.ts), the route it opens and
 * how it is drawn. A new card over an existing data source is a new file; the
 * files are checked when first read, and a broken one stops the server from
 * answering with a guess.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { CapabilityObjectTypes } from '../../../contract/capabilities';
import { readCheckedDefinitions, SHIPPED_FOLDERS } from '../../definitions/definition-tree';
import { CARD_DIALOGS, DASHBOARD_CARD_KINDS } from '../../../contract/services/dashboard';

const Requirement = Type.Object(
  {
    objectType: Type.String(),
    flag: Type.Union([Type.Literal('Read'), Type.Literal('Execute'), Type.Literal('Create'), Type.Literal('Delete')]),
  },
  { additionalProperties: false },
);

export const CardDefinitionSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 64 }),
    title: Type.String({ pattern: '^dashboard\\.[A-Za-z0-9.]+$' }),
    description: Type.String({ pattern: '^dashboard\\.[A-Za-z0-9.]+$' }),
    /** At least one must hold; left out: every signed-in user. */
    capability: Type.Optional(Type.Array(Requirement, { minItems: 1 })),
    dataSource: Type.String({ maxLength: 64 }),
    /** Router path; `{organisationId}` is the caller's company (or reseller). */
    link: Type.Union([Type.String({ pattern: '^/' }), Type.Null()]),
    kind: Type.Union(DASHBOARD_CARD_KINDS.map((kind) => Type.Literal(kind))),
    /** Place on the page, smallest first. */
    order: Type.Integer({ minimum: 0, maximum: 1000 }),
    /** A button under the card while its figure is above zero, opening one of the app's dialogs (the cards are read again after it). */
    action: Type.Optional(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 64 }),
          kind: Type.Literal('dialog'),
          dialog: Type.Union(CARD_DIALOGS.map((name) => Type.Literal(name))),
          label: Type.String({ pattern: '^dashboard\\.[A-Za-z0-9.]+$' }),
        },
        { additionalProperties: false },
      ),
    ),
    /** A list card's line: the item field shown, and a text under it with {{date}}, the item's time (default: an activity line). */
    itemLine: Type.Optional(
      Type.Object({ primary: Type.String({ pattern: '^[A-Z][A-Za-z]*$' }), secondary: Type.String({ pattern: '^dashboard\\.[A-Za-z0-9.]+$' }) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

export type CardDefinition = Static<typeof CardDefinitionSchema>;

export const CARDS_DIR = SHIPPED_FOLDERS.card;

/** Problems of one card file (empty when sound), given the data sources' names. */
export function cardProblems(card: unknown, dataSources: readonly string[]): string[] {
  if (!Value.Check(CardDefinitionSchema, card)) {
    return [...Value.Errors(CardDefinitionSchema, card)].slice(0, 5).map((error) => `${error.path || '/'}: ${error.message}`);
  }
  const problems: string[] = [];
  if (!dataSources.includes(card.dataSource)) problems.push(`unknown data source ${card.dataSource}`);
  if (card.itemLine && card.kind !== 'list') problems.push('itemLine is for list cards');
  for (const entry of card.capability ?? []) {
    if (!(CapabilityObjectTypes as readonly string[]).includes(entry.objectType)) problems.push(`unknown capability ${entry.objectType}`);
  }
  return problems;
}

/** Every card file of `dir`, checked, in page order; a broken one throws with its file name. */
export function readCards(dataSources: readonly string[], dir = CARDS_DIR): CardDefinition[] {
  const cards = readCheckedDefinitions<CardDefinition>('card', dir, 'dashboard card', (card) => cardProblems(card, dataSources));
  return cards.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
