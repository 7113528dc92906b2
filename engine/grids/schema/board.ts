/** A board of cards: a method answers the cards, each drawn by its kind (part of definition-schema.ts). */
import { Type } from '@sinclair/typebox';
import { TextRefSchema, describe } from './common';

/**
 * The data source's rows are cards (engine/grids/board.ts: Id, Kind count | chart | list, Title and Description
 * text keys, Link, Count, Currency, Points, Items, Action, ItemLine), drawn in a grid of one to three columns, each
 * as tall as its content. The method decides which cards the user sees and computes their figures.
 */
export const BoardSchema = Type.Object(
  {
    testId: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Test ids {testId}-cards, {testId}-card-{Id} (-figure, -link, -chart, -item, -item-link, -more), {testId}-{action Id}' }),
    failed: describe(TextRefSchema, 'Said when the cards cannot be loaded'),
    empty: describe(TextRefSchema, 'Said when the user has no card'),
    more: describe(TextRefSchema, 'The link under a chart or list card to the screen behind it'),
    noPoints: describe(TextRefSchema, 'A chart card without values'),
    noItems: describe(TextRefSchema, 'A list card without lines'),
    other: describe(TextRefSchema, 'A chart\'s bar gathering the rest (label …)'),
    noActor: describe(TextRefSchema, 'Who did an activity line\'s action when no one did (the system)'),
  },
  { additionalProperties: false, description: 'Cards a method answers, each drawn by its kind (count, chart, list)' },
);
