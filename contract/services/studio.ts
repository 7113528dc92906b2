/**
 * Definition studio (extension, issue 15): view layouts and screen definitions
 * kept in versions in the database, checked, published and rolled back without
 * a restart. Every method needs DEFINITION_STUDIO; the handlers narrow what a
 * caller reaches: the platform's administrators everything, a vendor's users
 * only the product layouts whose products are all theirs.
 */
import { Type, type Static } from '@sinclair/typebox';
import { method, needs, Opt } from '../define';
import { DateTime, Text } from '../common';
import { StudioCreate } from './studio-create';
import { ReportParametersSchema, ReportRunSchema } from './reporting';

export const DefinitionKindSchema = Type.Union([Type.Literal('layout'), Type.Literal('screen'), Type.Literal('report')], {
  description: 'layout: a view layout (screen-definitions/layouts); screen: a screen definition (screen-definitions); report: a report (screen-definitions/reports)',
});
export type DefinitionKind = Static<typeof DefinitionKindSchema>;

/** A layout's path in its folder without .json (products/microsoft-365), or a screen definition's file name. */
export const DefinitionName = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[a-z0-9][a-z0-9-]{0,63}(/[a-z0-9][a-z0-9-]{0,63}){0,2}$',
  description: 'Definition name, e.g. products/microsoft-365 or custom-charges',
  examples: ['products/microsoft-365', 'custom-charges'],
});

/** 0 is the file the deployment ships. */
const VersionNumber = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description });
/** The JSON text of a definition as the editor holds it. */
const Source = Type.String({ maxLength: 2_000_000, description: 'The definition as JSON text' });
const Comment = Opt(Text(1000, 'What changed and why'));
const LayoutAction = Type.Union([Type.Literal('VIEW'), Type.Literal('EDIT'), Type.Literal('CREATE')]);

export const DefinitionProblemSchema = Type.Object({
  /** JSON pointer into the definition, e.g. /Pages/0/Containers/1/Fields/2/Pattern ('' for the whole). */
  Path: Type.String(),
  Rule: Type.String(),
  Message: Type.String(),
});
export type DefinitionProblem = Static<typeof DefinitionProblemSchema>;

export const DefinitionSummarySchema = Type.Object({
  Kind: DefinitionKindSchema,
  Name: Type.String(),
  /** Account type, and the products of a product layout; the title of a screen definition. */
  Title: Type.String(),
  Products: Type.Array(Type.String()),
  /** file: only the shipped file; published: the latest version is served; draft: a saved version is not served yet; review: a version awaits four-eyes review; retired: created in the studio and no longer served. */
  State: Type.Union([Type.Literal('file'), Type.Literal('published'), Type.Literal('draft'), Type.Literal('review'), Type.Literal('retired')]),
  /** Extension (issue 22): no shipped file, created in the studio. */
  Created: Type.Optional(Type.Boolean()),
  /** The version awaiting review, if any. */
  AwaitingReview: Type.Union([Type.Integer(), Type.Null()]),
  PublishedVersion: Type.Integer(),
  LatestVersion: Type.Integer(),
  ChangedBy: Type.Union([Type.String(), Type.Null()]),
  ChangedAt: Type.Union([DateTime(), Type.Null()]),
});
export type DefinitionSummary = Static<typeof DefinitionSummarySchema>;

export const DefinitionReviewSchema = Type.Object({
  Version: Type.Integer(),
  /** pending: awaiting another administrator; rejected: sent back with ReviewNote. */
  State: Type.Union([Type.Literal('pending'), Type.Literal('rejected')]),
  SubmittedBy: Type.String(),
  SubmittedAt: Type.Union([DateTime(), Type.Null()]),
  Comment: Type.String(),
  ReviewedBy: Type.Union([Type.String(), Type.Null()]),
  ReviewNote: Type.Union([Type.String(), Type.Null()]),
});
export type DefinitionReview = Static<typeof DefinitionReviewSchema>;

export const DefinitionVersionSchema = Type.Object({
  Kind: DefinitionKindSchema,
  Name: Type.String(),
  Version: Type.Integer(),
  Source: Type.String(),
  Author: Type.String(),
  Comment: Type.String(),
  CreatedAt: Type.Union([DateTime(), Type.Null()]),
  PublishedVersion: Type.Integer(),
  LatestVersion: Type.Integer(),
  /** Four-eyes review is on in this deployment (PORTAL_STUDIO_FOUR_EYES): the author submits, another administrator publishes. */
  FourEyes: Type.Boolean(),
  Review: Type.Union([DefinitionReviewSchema, Type.Null()]),
});
export type DefinitionVersion = Static<typeof DefinitionVersionSchema>;

export const VersionEntrySchema = Type.Object({
  Version: Type.Integer(),
  Author: Type.String(),
  Comment: Type.String(),
  CreatedAt: Type.Union([DateTime(), Type.Null()]),
  Published: Type.Boolean(),
  Review: Type.Union([Type.Literal('pending'), Type.Literal('rejected'), Type.Null()]),
});

export const DefinitionDiffSchema = Type.Object({
  From: Type.Integer(),
  To: Type.Integer(),
  /** Layout fields by name (empty for screen definitions). */
  FieldsAdded: Type.Array(Type.String()),
  FieldsRemoved: Type.Array(Type.String()),
  FieldsChanged: Type.Array(Type.Object({ Field: Type.String(), Properties: Type.Array(Type.String()) })),
  /** Layout fields at another place (another section, or reordered), by name. */
  FieldsMoved: Type.Array(Type.String()),
  /** Every changed JSON pointer (at most 200); an element of a list at another place is one `moved` change (From: its old pointer). */
  Changes: Type.Array(
    Type.Object({
      Path: Type.String(),
      Change: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed'), Type.Literal('moved')]),
      From: Type.Optional(Type.String()),
    }),
  ),
});
export type DefinitionDiff = Static<typeof DefinitionDiffSchema>;

export const ReviewCellSchema = Type.Object({
  Visible: Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('conditional')]),
  Editable: Type.Boolean(),
  Required: Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('conditional')]),
  MfaGated: Type.Boolean(),
});
export const LayoutReviewSchema = Type.Object({
  Action: LayoutAction,
  Roles: Type.Array(
    Type.Object({
      Id: Type.Integer(),
      Name: Type.String(),
      Capabilities: Type.Array(Type.Unknown()),
      /** Whether the role opens the object for the action at all (the layout's capability). */
      CanOpen: Type.Boolean(),
    }),
  ),
  Fields: Type.Array(Type.Object({ Field: Type.String(), Label: Type.String(), Cells: Type.Array(ReviewCellSchema) })),
});
export type LayoutReview = Static<typeof LayoutReviewSchema>;

export const LayoutUsageSchema = Type.Object({
  /** Accounts (not terminated) the layout applies to, over the whole platform. */
  Count: Type.Integer(),
  /** Those accounts by account type × product. */
  Products: Type.Array(Type.Object({ AccountType: Type.String(), ProductName: Type.Union([Type.String(), Type.Null()]), Count: Type.Integer() })),
  /** The most recently changed of them within the caller's reach (at most 10). */
  Accounts: Type.Array(
    Type.Object({ AccountId: Type.Integer(), Name: Type.String(), AccountType: Type.String(), ProductName: Type.Union([Type.String(), Type.Null()]) }),
  ),
});
export type LayoutUsage = Static<typeof LayoutUsageSchema>;

const definitionRef = { kind: DefinitionKindSchema, name: DefinitionName };

export const Studio = {
  ...StudioCreate,
  GetLayoutSchema: method({
    summary: 'The JSON Schema of layout files (screen-definitions/layouts/layout.schema.json), for the editor\'s validation and completion.',
    result: Type.Unknown({ description: 'A JSON Schema (draft 7)' }),
    access: needs('DEFINITION_STUDIO', 'Read'),
    extension: true,
  }),
  ListDefinitions: method({
    summary: 'Every layout and screen definition the caller may edit, with its state (file, draft, published) and versions.',
    result: Type.Array(DefinitionSummarySchema),
    access: needs('DEFINITION_STUDIO', 'Read'),
    extension: true,
  }),
  GetDefinition: method({
    summary: 'One version of a definition (the latest when version is left out; 0 is the shipped file).',
    params: { ...definitionRef, version: Opt(VersionNumber('Version; the latest when left out')) },
    result: DefinitionVersionSchema,
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  ListDefinitionVersions: method({
    summary: 'The versions of a definition, newest first, the shipped file (0) last.',
    params: definitionRef,
    result: Type.Array(VersionEntrySchema),
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  CheckDefinition: method({
    summary: 'The problems the checks of layouts:check / definitions:check find in a source, each with its JSON pointer.',
    params: { ...definitionRef, source: Source },
    result: Type.Array(DefinitionProblemSchema),
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  SaveDefinitionDraft: method({
    summary:
      'Saves a source as a new version. baseVersion is the version the editor started from: refused (409, naming who saved meanwhile) when a newer one exists.',
    params: { ...definitionRef, baseVersion: VersionNumber('The latest version when the editor loaded it'), source: Source, comment: Comment },
    result: Type.Object({ Version: Type.Integer(), Problems: Type.Array(DefinitionProblemSchema) }),
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  PublishDefinition: method({
    summary: 'Serves a saved version on every server instance at once; refused while it fails a check. Audited with the diff.',
    params: { ...definitionRef, version: VersionNumber('The saved version to publish'), comment: Comment },
    result: DefinitionDiffSchema,
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  RollbackDefinition: method({
    summary: 'Serves an earlier version again (0: the shipped file) on every server instance; under four-eyes review only one served before. Audited with the diff.',
    params: { ...definitionRef, version: VersionNumber('The version to serve again; 0 for the file'), comment: Comment },
    result: DefinitionDiffSchema,
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  SubmitDefinitionForReview: method({
    summary:
      'Submits a saved version for four-eyes review (refused while it fails a check). With PORTAL_STUDIO_FOUR_EYES another administrator than its author and submitter publishes it. Audited.',
    params: { ...definitionRef, version: VersionNumber('The saved version to review'), comment: Comment },
    result: DefinitionReviewSchema,
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  RejectDefinitionReview: method({
    summary: 'Sends a version awaiting review back to its author with a comment (409 when that version is not awaiting review). Audited.',
    params: { ...definitionRef, version: VersionNumber('The version awaiting review'), comment: Type.String({ minLength: 1, maxLength: 1000, description: 'Why it goes back' }) },
    result: DefinitionReviewSchema,
    access: needs('DEFINITION_STUDIO', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  DiffDefinitionVersions: method({
    summary: 'What changed between two versions: fields added, removed, changed (layouts), and every changed JSON pointer.',
    params: { ...definitionRef, from: VersionNumber('Older version'), to: VersionNumber('Newer version') },
    result: DefinitionDiffSchema,
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  PreviewLayout: method({
    summary: 'The view layout a source gives for an action (and product), as GetViewLayout would serve it once published, and sample values (its defaults).',
    params: {
      name: DefinitionName,
      source: Source,
      action: LayoutAction,
      productName: Opt(Text(256, 'For a product layout: one of its products; the first when left out')),
    },
    result: Type.Object({
      Layout: Type.Unknown({ description: 'A ViewLayout (see Account/GetViewLayout)' }),
      SampleViews: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), { description: "A sample account's views: the layout's defaults" }),
      Basis: Type.Object(
        {
          Generic: Type.Union([Type.Array(Type.Unknown()), Type.Null()], { description: "A product layout's: the generic Product layout's first-page containers" }),
          ServerTexts: Type.Record(Type.String(), Type.String(), { description: 'Server text keys the layout names, translated' }),
          Capability: Type.Optional(Type.String()),
        },
        { description: 'What the studio needs to compute the preview of later edits in the browser' },
      ),
    }),
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  GetLayoutReview: method({
    summary: "Field × role matrix of a layout source for an action: visible, editable, required, MFA-gated, from each role's capabilities.",
    params: { name: DefinitionName, source: Source, action: LayoutAction },
    result: LayoutReviewSchema,
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  ExportDefinitions: method({
    summary: "Writes every published version back over its file (for git): the platform's administrators only. Lists the files written.",
    result: Type.Array(Type.Object({ Kind: DefinitionKindSchema, Name: Type.String(), Version: Type.Integer(), File: Type.String() })),
    access: needs('DEFINITION_STUDIO', 'Execute'),
    extension: true,
  }),
  GetLayoutUsage: method({
    summary: 'Which accounts and products use a layout: the count by account type × product, and the first accounts in reach.',
    params: { name: DefinitionName, source: Source },
    result: LayoutUsageSchema,
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  CountAffectedAccounts: method({
    summary: 'How many existing accounts hold values a layout source would make invalid (a field made required, an option removed).',
    params: { name: DefinitionName, source: Source },
    result: Type.Object({
      Count: Type.Integer(),
      Reasons: Type.Array(Type.Object({ Field: Type.String(), Reason: Type.Union([Type.Literal('required'), Type.Literal('optionRemoved')]), Count: Type.Integer() })),
    }),
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
  PreviewReport: method({
    summary: "Runs a report source (a draft) over the caller's organisation as RunReport would once published: its columns, rows and chart.",
    params: { name: DefinitionName, source: Source, parameters: Opt(ReportParametersSchema) },
    result: ReportRunSchema,
    access: needs('DEFINITION_STUDIO', 'Read'),
    refusals: [404],
    extension: true,
  }),
};
