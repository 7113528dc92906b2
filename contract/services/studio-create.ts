/**
 * New definitions from the studio (extension, issue 22): create a layout or a
 * screen definition from a template or as a copy of one in reach, retire one
 * created in the studio, and the menu entries published screen definitions ask
 * for. A new definition is saved as version 1 and then follows the edit path
 * (checks, preview, four-eyes, publish, audit).
 */
import { Type, type Static } from '@sinclair/typebox';
import { method, needs, Opt, SignedIn } from '../define';
import { Text } from '../common';
import { CapabilityObjectTypes } from '../capabilities';

const Kind = Type.Union([Type.Literal('layout'), Type.Literal('screen'), Type.Literal('report')], { description: 'layout: a view layout; screen: a screen definition; report: a report (created as a copy)' });
const Name = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[a-z0-9][a-z0-9-]{0,63}(/[a-z0-9][a-z0-9-]{0,63}){0,2}$',
  examples: ['products/acme-firewall'],
  description: 'Definition name, e.g. products/acme-firewall or subscriptions-ending',
});
const LocaleTexts = Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.String({ minLength: 1, maxLength: 200 }), {
  description: 'A text per locale (en required), e.g. { "en": "Firewall", "de": "Firewall" }',
});

export const DefinitionTemplateSchema = Type.Object({
  Id: Type.String(),
  Kind: Kind,
  /** What the template needs: products (a product layout binds them), a data source (a list screen takes another definition's), access (who may open a list screen). */
  Needs: Type.Array(Type.Union([Type.Literal('products'), Type.Literal('dataSource'), Type.Literal('access')])),
});
export type DefinitionTemplate = Static<typeof DefinitionTemplateSchema>;

export const DefinitionMenuEntrySchema = Type.Object({
  Name: Type.String({ description: 'The definition; the entry opens /list/{Name}' }),
  Group: Type.Union([Type.String(), Type.Null()], { description: 'The profile menu group it joins, or null for the top level' }),
  Label: Type.Unknown({ description: 'A text key or { locale: text } (the definition\'s menu label or title)' }),
});
export type DefinitionMenuEntry = Static<typeof DefinitionMenuEntrySchema>;

export const StudioCreate = {
  ListDefinitionTemplates: method({
    summary: 'The templates a new definition can start from, for the caller (vendors: the product layout only).',
    result: Type.Array(DefinitionTemplateSchema),
    access: needs('DEFINITION_STUDIO', 'Read'),
    extension: true,
  }),
  CreateDefinition: method({
    summary:
      'Creates a definition as its version 1 (a draft), from a template or as a copy of one in reach; a taken name is refused (409), an unknown template or an out-of-reach source too. Audited.',
    params: {
      kind: Kind,
      name: Name,
      template: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'A template id of ListDefinitionTemplates; or give copyOf' })),
      copyOf: Opt(Type.Object({ name: Name, version: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'The version; the latest when left out' })) }, { additionalProperties: false })),
      title: Opt(LocaleTexts),
      products: Opt(Type.Array(Text(256, 'A product (service display name)'), { minItems: 1, maxItems: 50, description: 'For a product layout: the products it is the form of' })),
      dataSourceOf: Opt(Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9-]{0,63}$', description: 'For a list screen: the screen definition whose data source, columns and filters it starts from' })),
      menuGroup: Opt(Type.Union([Type.Literal('orders'), Type.Literal('quotes'), Type.Literal('marketplaces'), Type.Literal('administration'), Type.Literal('top')])),
      access: Opt(
        Type.Array(Type.Union(CapabilityObjectTypes.map((objectType) => Type.Literal(objectType))), {
          minItems: 1,
          maxItems: 20,
          uniqueItems: true,
          description: 'For a list screen: who may open it, users holding Read on any of these capabilities (required: a new list is shown to nobody until chosen)',
        }),
      ),
      comment: Opt(Text(1000, 'Why it is created')),
    },
    result: Type.Object({ Version: Type.Integer(), Source: Type.String(), Problems: Type.Array(Type.Object({ Path: Type.String(), Rule: Type.String(), Message: Type.String() })) }),
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  RetireDefinition: method({
    summary:
      'Stops serving a definition created in the studio (no shipped file): its menu entry goes, its versions and audit stay; publishing a version again brings it back. Audited.',
    params: { kind: Kind, name: Name, comment: Opt(Text(1000, 'Why it is retired')) },
    result: Type.Object({ Retired: Type.Boolean() }),
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  ListPreviewRoles: method({
    summary: 'The roles within the caller\'s studio reach with their capabilities, to preview a screen definition as one of them would see it.',
    result: Type.Array(Type.Object({ Id: Type.Integer(), Name: Type.String(), Capabilities: Type.Array(Type.Unknown()) })),
    access: needs('DEFINITION_STUDIO', 'Read'),
    extension: true,
  }),
  ListDefinitionMenu: method({
    summary: "The profile menu entries published screen definitions ask for (their menu block) that the caller may open (the definition's access).",
    result: Type.Array(DefinitionMenuEntrySchema),
    access: SignedIn,
    extension: true,
  }),
};
