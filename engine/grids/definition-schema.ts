/**
 * The screen-definition format: one TypeBox schema gives the TypeScript type
 * the engine reads and the JSON Schema published beside the files
 * (screen-definitions/screens/screen-definition.schema.json, written by
 * `npm run definitions:check -- --write-schema` and compared in the unit tests).
 * screen-definitions/README.md explains each part with examples. The parts live in schema/, one file
 * per part of a definition like the checks (check-*.ts); this file puts them together and names them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AccessSchema, CapabilityRefSchema, FilterOperatorSchema, IconSchema, ParamBindingSchema, TextRefSchema, describe } from './schema/common';
import { DataSourceSchema } from './schema/data-source';
import { ColumnSchema, ColumnTypeSchema, EditRuleSchema, SortSchema } from './schema/columns';
import { FilterSchema } from './schema/filters';
import { ActionSchema, CreateFormSchema, FormFieldSchema, ShownOnceSchema } from './schema/actions';
import { DetailActionSchema, DetailButtonSchema, DetailFieldSchema, DetailFilesSchema, DetailPanelSchema, DetailTextSchema, DetailTextValueSchema, ExportSchema, MasterDetailSchema } from './schema/detail';
import { CardsSchema, FacetSchema, SearchSchema, SortChoicesSchema, TreeViewSchema } from './schema/structures';
import { BulkEditSchema, EditingSchema } from './schema/editing';
import { AddPanelSchema, ContextPickerSchema, OptionsSourceSchema } from './schema/pickers';
import { ListEditorSchema, ListFieldSchema } from './schema/list-editor';
import { LineCaptionPartSchema, LineEditorSchema } from './schema/line-editor';
import { ActionButtonSchema, RecordBlockSchema, RecordConditionSchema, RecordWhenSchema, RecordFactSchema, RecordPageSchema, RecordSectionSchema } from './schema/record-page';
import { PageSchema } from './schema/page';
import { FollowJobsSchema, RecordSourceSchema, ReorderSchema, RowOpensSchema } from './schema/screen-frame';
import { EditorActionSchema, EditorFieldSchema, EditorNoticeSchema, RecordEditorSchema } from './schema/record-editor';
import { RecordFormFieldSchema, RecordFormSchema } from './schema/record-form';
import { LayoutCreateSchema, LayoutNoticeSchema } from './schema/layout-create';
import { FileTransferSchema, HeadSchema } from './schema/screen-head';
import { RowDialogSchema } from './schema/file-round-trip';
import { RunnerInputSchema, RunnerSchema } from './schema/runner';
import { RowFormFieldSchema, RowFormSchema } from './schema/row-form';
import { LinkListSchema, LinkListsSchema, LinkTargetSchema } from './schema/link-lists';
import { BoardSchema } from './schema/board';
import { FormSchema } from './schema/form';
import type { SessionConditionSchema } from './schema/form-session';
import { PanesSchema } from './schema/panes';
import { TabsSchema } from './schema/tabs';
import { StackSchema } from './schema/stack';

export { AccessSchema, CapabilityRefSchema, FilterOperatorSchema, ICON_KINDS, IconSchema, ParamBindingSchema, TextRefSchema, type IconKind } from './schema/common';
export { DataSourceSchema } from './schema/data-source';
export { ColumnSchema, ColumnTypeSchema, EditRuleSchema, LinkSchema, SortSchema, StatusSchema, ValueKindSchema } from './schema/columns';
export { FilterInputSchema, FilterSchema } from './schema/filters';
export { ActionSchema, CreateFormSchema, FormFieldSchema, ReasonFormSchema, ShownOnceSchema } from './schema/actions';
export { DetailActionSchema, DetailButtonSchema, DetailFieldSchema, DetailFilesSchema, DetailPanelSchema, DetailTextSchema, DetailTextValueSchema, ExportSchema, MasterDetailSchema } from './schema/detail';
export { CardsSchema, FacetSchema, SearchSchema, SortChoicesSchema, TreeFindSchema, TreeViewSchema } from './schema/structures';
export { BulkEditSchema, EditingSchema } from './schema/editing';
export { AddPanelSchema, ContextPickerSchema, OptionsSourceSchema } from './schema/pickers';
export { ListEditorSchema, ListFieldSchema } from './schema/list-editor';
export { LineCaptionPartSchema, LineEditorSchema } from './schema/line-editor';
export { RecordBlockSchema, RecordConditionSchema, RecordFactSchema, RecordPageSchema, RecordSectionSchema } from './schema/record-page';
export { PageSchema } from './schema/page';
export { FollowJobsSchema, RecordSourceSchema, ReorderSchema, RowOpensSchema } from './schema/screen-frame';
export { EditorActionSchema, EditorFieldSchema, EditorLineSchema, EditorNoticeSchema, EditorTextValueSchema, RecordEditorSchema } from './schema/record-editor';
export { RecordFormFieldSchema, RecordFormSchema } from './schema/record-form';
export { LayoutCreateSchema, LayoutNoticeSchema } from './schema/layout-create';
export { FileTransferSchema, HeadRefusalSchema, HeadSchema } from './schema/screen-head';
export { FileRoundTripBlockSchema, PreviewColumnSchema, RowDialogSchema } from './schema/file-round-trip';
export { RunnerInputSchema, RunnerSchema } from './schema/runner';
export { RowFormFieldSchema, RowFormPreviewColumnSchema, RowFormSchema } from './schema/row-form';
export { LIST_SYMBOLS, LinkListSchema, LinkListsSchema, LinkTargetSchema, ListDetailSchema } from './schema/link-lists';
export { BoardSchema } from './schema/board';
export { FormDestinationSchema, FormInputSchema, FormParamSchema, FormPolicySchema, FormSchema } from './schema/form';
export { SESSION_VALUES, type SessionValueName } from './schema/form-session';
export { PanesSchema } from './schema/panes';
export { TabsSchema } from './schema/tabs';
export { StackSchema } from './schema/stack';

/** A profile menu entry opening /list/{id} (issue 22), shown to whom `access` lets open the screen. */
export const MenuEntrySchema = Type.Object(
  {
    group: Type.Optional(
      Type.Union([Type.Literal('orders'), Type.Literal('quotes'), Type.Literal('marketplaces'), Type.Literal('administration')], {
        description: 'The profile menu group it joins; the top level when left out',
      }),
    ),
    label: Type.Optional(describe(TextRefSchema, 'The entry\'s text; the title when left out')),
  },
  { additionalProperties: false, description: 'A profile menu entry opening /list/{id}, for whom `access` lets open the screen' },
);

/** Who may open the screen: the capabilities it needs, or anyone (signed in or not: a public route's page). */
const ScreenAccessSchema = Type.Object(
  {
    ...AccessSchema.properties,
    anyone: Type.Optional(Type.Literal(true, { description: 'Anyone, signed in or not: drawn without a session on a public route (a password reset, the status page); needs no anyOf or allOf, and every method it calls must be public (checked)' })),
  },
  { additionalProperties: false, description: 'Capabilities needed (spec §5: OR and AND only), or anyone' },
);

export const ScreenDefinitionSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Equals the file name without .json; /list/{id} shows it' }),
    title: TextRefSchema,
    intro: Type.Optional(describe(TextRefSchema, 'A text above the rows saying what they are (drawn also where the title is not)')),
    route: Type.Optional(Type.String({ pattern: '^/', description: 'Dedicated route of the app that shows this definition (documentation; /list/{id} always works)' })),
    access: ScreenAccessSchema,
    dataSource: DataSourceSchema,
    columns: Type.Array(ColumnSchema, { minItems: 1 }),
    defaultSort: Type.Optional(Type.Array(SortSchema, { maxItems: 1 })),
    filters: Type.Optional(Type.Array(FilterSchema)),
    actions: Type.Optional(Type.Array(ActionSchema)),
    detailPanel: Type.Optional(DetailPanelSchema),
    export: Type.Optional(ExportSchema),
    editing: Type.Optional(EditingSchema),
    view: Type.Optional(Type.Union([Type.Literal('grid'), Type.Literal('cards')], { description: 'grid (default) or cards (needs cards and offset paging); a tree data source draws a tree' })),
    cards: Type.Optional(CardsSchema),
    tree: Type.Optional(TreeViewSchema),
    masterDetail: Type.Optional(MasterDetailSchema),
    facets: Type.Optional(Type.Array(FacetSchema, { description: 'Facets beside the rows (cards view and tree: switches)' })),
    search: Type.Optional(SearchSchema),
    sortChoices: Type.Optional(SortChoicesSchema),
    menu: Type.Optional(MenuEntrySchema),
    lineEditor: Type.Optional(LineEditorSchema),
    contextPicker: Type.Optional(ContextPickerSchema),
    addPanel: Type.Optional(AddPanelSchema),
    listEditor: Type.Optional(ListEditorSchema),
    createForm: Type.Optional(CreateFormSchema),
    recordPage: Type.Optional(RecordPageSchema),
    recordForm: Type.Optional(RecordFormSchema),
    page: Type.Optional(PageSchema),
    record: Type.Optional(RecordSourceSchema),
    reorder: Type.Optional(ReorderSchema),
    followJobs: Type.Optional(FollowJobsSchema),
    rowOpens: Type.Optional(RowOpensSchema),
    recordEditor: Type.Optional(RecordEditorSchema),
    head: Type.Optional(HeadSchema),
    fileTransfer: Type.Optional(FileTransferSchema),
    rowDialog: Type.Optional(RowDialogSchema),
    runner: Type.Optional(RunnerSchema),
    rowForm: Type.Optional(RowFormSchema),
    linkLists: Type.Optional(LinkListsSchema),
    board: Type.Optional(BoardSchema),
    form: Type.Optional(FormSchema),
    panes: Type.Optional(PanesSchema),
    tabs: Type.Optional(TabsSchema),
    stack: Type.Optional(StackSchema),
    layoutCreate: Type.Optional(LayoutCreateSchema),
  },
  { additionalProperties: false, $id: 'https://cloud-marketplace.example/schemas/screen-definition.schema.json', title: 'Screen definition' },
);

export type TextRef = Static<typeof TextRefSchema>;
export type CapabilityRef = Static<typeof CapabilityRefSchema>;
export type AccessRequirement = Static<typeof AccessSchema>;
export type ParamBinding = Static<typeof ParamBindingSchema>;
export type FilterOperator = Static<typeof FilterOperatorSchema>;
export type DataSourceDefinition = Static<typeof DataSourceSchema>;
export type ColumnType = Static<typeof ColumnTypeSchema>;
export type ColumnDefinition = Static<typeof ColumnSchema>;
export type FilterDefinition = Static<typeof FilterSchema>;
export type ActionDefinition = Static<typeof ActionSchema>;
export type DetailFieldDefinition = Static<typeof DetailFieldSchema>;
export type DetailPanelDefinition = Static<typeof DetailPanelSchema>;
export type DetailTextDefinition = Static<typeof DetailTextSchema>;
export type DetailTextValueDefinition = Static<typeof DetailTextValueSchema>;
export type DetailButtonDefinition = Static<typeof DetailButtonSchema>;
export type DetailFilesDefinition = Static<typeof DetailFilesSchema>;
export type ExportDefinition = Static<typeof ExportSchema>;
export type ScreenDefinition = Static<typeof ScreenDefinitionSchema>;
export type MasterDetailDefinition = Static<typeof MasterDetailSchema>;
export type FacetDefinition = Static<typeof FacetSchema>;
export type SearchDefinition = Static<typeof SearchSchema>;
export type SortChoicesDefinition = Static<typeof SortChoicesSchema>;
export type CardsDefinition = Static<typeof CardsSchema>;
export type TreeViewDefinition = Static<typeof TreeViewSchema>;
export type IconDefinition = Static<typeof IconSchema>;
export type EditRuleDefinition = Static<typeof EditRuleSchema>;
export type EditingDefinition = Static<typeof EditingSchema>;
export type BulkEditDefinition = Static<typeof BulkEditSchema>;
export type LineEditorDefinition = Static<typeof LineEditorSchema>;
export type LineCaptionPart = Static<typeof LineCaptionPartSchema>;
export type OptionsSourceDefinition = Static<typeof OptionsSourceSchema>;
export type ContextPickerDefinition = Static<typeof ContextPickerSchema>;
export type AddPanelDefinition = Static<typeof AddPanelSchema>;
export type ListEditorDefinition = Static<typeof ListEditorSchema>;
export type ListFieldDefinition = Static<typeof ListFieldSchema>;
export type RecordPageDefinition = Static<typeof RecordPageSchema>;
export type RecordFormDefinition = Static<typeof RecordFormSchema>;
export type RecordFormFieldDefinition = Static<typeof RecordFormFieldSchema>;
export type LayoutCreateDefinition = Static<typeof LayoutCreateSchema>;
export type LayoutNoticeDefinition = Static<typeof LayoutNoticeSchema>;
export type RecordSectionDefinition = Static<typeof RecordSectionSchema>;
export type RecordBlockDefinition = Static<typeof RecordBlockSchema>;
export type RecordActionButtonDefinition = Static<typeof ActionButtonSchema>;
export type RecordFactDefinition = Static<typeof RecordFactSchema>;
export type RecordConditionDefinition = Static<typeof RecordConditionSchema>;
export type RecordWhenDefinition = Static<typeof RecordWhenSchema>;
export type ShownOnceDefinition = Static<typeof ShownOnceSchema>;
export type FormFieldDefinition = Static<typeof FormFieldSchema>;
export type CreateFormDefinition = Static<typeof CreateFormSchema>;
export type DetailActionDefinition = Static<typeof DetailActionSchema>;
export type RunnerDefinition = Static<typeof RunnerSchema>;
export type BoardDefinition = Static<typeof BoardSchema>;
export type PanesDefinition = Static<typeof PanesSchema>;
export type PanesHeadDefinition = NonNullable<PanesDefinition['head']>;
export type TabsDefinition = Static<typeof TabsSchema>;
export type StackDefinition = Static<typeof StackSchema>;
export type StackPartDefinition = StackDefinition['parts'][number];
export type RunnerInputDefinition = Static<typeof RunnerInputSchema>;
export type PageDefinition = Static<typeof PageSchema>;
export type RecordSourceDefinition = Static<typeof RecordSourceSchema>;
export type ReorderDefinition = Static<typeof ReorderSchema>;
export type FollowJobsDefinition = Static<typeof FollowJobsSchema>;
export type RecordEditorDefinition = Static<typeof RecordEditorSchema>;
export type EditorFieldDefinition = Static<typeof EditorFieldSchema>;
export type EditorActionDefinition = Static<typeof EditorActionSchema>;
export type EditorNoticeDefinition = Static<typeof EditorNoticeSchema>;
export type HeadDefinition = Static<typeof HeadSchema>;
export type FileTransferDefinition = Static<typeof FileTransferSchema>;
export type RowDialogDefinition = Static<typeof RowDialogSchema>;
export type RowFormDefinition = Static<typeof RowFormSchema>;
export type LinkListsDefinition = Static<typeof LinkListsSchema>;
export type LinkListDefinition = Static<typeof LinkListSchema>;
export type LinkTargetDefinition = Static<typeof LinkTargetSchema>;
export type RowFormFieldDefinition = Static<typeof RowFormFieldSchema>;
export type FormDefinition = Static<typeof FormSchema>;
export type FormInputDefinition = Static<typeof FormSchema>['fields'][number];
export type FormDestinationDefinition = NonNullable<Static<typeof FormSchema>['back']>;
export type FormPolicyDefinition = NonNullable<FormInputDefinition['policy']>;
export type SessionConditionDefinition = Static<typeof SessionConditionSchema>;
export type FileRoundTripDefinition = Extract<RecordBlockDefinition, { kind: 'fileRoundTrip' }>;
