/**
 * A definition's head and file round trip (`head`, `fileTransfer`) turned into what a renderer
 * draws: the call bodies bound to the context, a refusal found by its status, chips read from an
 * answer, an upload's answer read as saved (with its count) or refused (with its error rows). Pure: no React.
 */
import type { FileTransferDefinition, HeadDefinition, ParamBinding } from './definition-schema';
import { applyBindings, setPath, type ScreenContext } from './bindings';
import { valueAt } from './record-page';

type Values = Record<string, unknown>;
type Upload = NonNullable<FileTransferDefinition['upload']>;

/** The refusal the head's source explains for this status, if any. */
export function headRefusal(head: HeadDefinition | undefined, status: unknown) {
  return head?.source?.refusals?.find((refusal) => refusal.status === status);
}

/** The status of a failed call (the service client's errors carry it), else undefined. */
export function errorStatus(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/** The subtitle the head's source answered (its subtitleField), or undefined. */
export function headSubtitle(head: HeadDefinition | undefined, answer: unknown): string | undefined {
  const field = head?.source?.subtitleField;
  const value = field ? valueAt(answer, field) : undefined;
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** The chips of an answer: each row's fields joined with ·. */
export function headChips(chips: NonNullable<HeadDefinition['chips']>, answer: unknown): string[] {
  const rows = chips.rowsPath ? valueAt(answer, chips.rowsPath) : answer;
  if (!Array.isArray(rows)) return [];
  return rows.map((row) => chips.fields.map((field) => String((row as Values | null)?.[field] ?? '')).join(' · '));
}

/** The body of a call of the head or file round trip: its bindings over the context. */
export function headCallBody(call: { params?: Readonly<Record<string, ParamBinding>> }, context: ScreenContext): Values {
  return applyBindings({}, call.params, context);
}

/** The body of an upload: its bindings, the file's name and content. */
export function uploadBody(upload: Upload, context: ScreenContext, fileName: string, content: string): Values {
  const body = applyBindings({}, upload.params, context);
  if (upload.nameParam) setPath(body, upload.nameParam, fileName);
  setPath(body, upload.contentParam, content);
  return body;
}

export type UploadOutcome = { saved: true; count: number | undefined } | { saved: false; errors: Values[] };

/** What an upload's answer says: saved (and how many rows), or refused with its error rows. */
export function uploadOutcome(upload: Upload, answer: unknown): UploadOutcome {
  const saved = upload.savedField ? valueAt(answer, upload.savedField) === true : true;
  if (saved) {
    const count = upload.countField ? valueAt(answer, upload.countField) : undefined;
    return { saved: true, count: typeof count === 'number' ? count : undefined };
  }
  const errors = upload.errors ? valueAt(answer, upload.errors.field) : undefined;
  return { saved: false, errors: Array.isArray(errors) ? errors.filter((row): row is Values => typeof row === 'object' && row !== null) : [] };
}
