/** The page around a definition's rows: its heading, width and frame. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { PageFrameParts } from './screen-frame';

/**
 * A definition on a page of its own (a route of the app): the title as the page's heading, the rows
 * under it. Without `page` the rows draw their own title (a grid's toolbar, a record's header).
 */
export const PageSchema = Type.Object(
  {
    width: Type.Optional(Type.Integer({ minimum: 480, maximum: 2560, description: 'The widest the page is drawn (px); default the window\'s width' })),
    centred: Type.Optional(Type.Boolean({ description: 'Centred in the window (a narrow page); default: at the left, with a margin' })),
    frame: Type.Optional(
      Type.Union([Type.Literal('card'), Type.Literal('centredCard')], {
        description: 'card: the rows in an outlined card under the heading; centredCard: the heading and the rows in one card in the middle of the window (a plain page: sign-in steps, public pages), `width` its widest',
      }),
    ),
    ...PageFrameParts,
  },
  { additionalProperties: false, description: 'The page: the title as its heading, then the rows' },
);
