/**
 * The localizable fields round trip of the service tool (spec §7
 * ExportServiceLocalizableFieldsToExcel, GetUpdatedServiceLocalizableFieldsFromExcel;
 * saved by the extension SaveServiceLocalizableFields): one sheet, a row per
 * field, the field's key, its English text and the chosen language's text.
 * Only the language column is read back; English is the reference.
 */
import type { Static } from '@sinclair/typebox';
import ExcelJS from 'exceljs';
import {
  LOCALIZABLE_FIELD_MAX_LENGTH,
  LOCALIZABLE_FIELDS,
  SERVICE_TEXT_LANGUAGES,
  type LocalizableField,
  type LocalizableFieldsPreviewSchema,
} from '../../../contract/services/catalog-results';
import { tableWorkbook, workbookBytes } from '../../business/spreadsheet';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { markWorkbook, readUploadedWorkbook } from './excel-files';
import { englishTexts, storedTexts, type FieldTexts, type ServiceRow } from './service-rows';

export type LocalizableFieldsPreview = Static<typeof LocalizableFieldsPreviewSchema>;

/** A language texts may be translated into: one of the portal's, English excluded (it is the reference). */
export function translationLanguage(code: string): string {
  const language = code.slice(0, 2).toLowerCase();
  if (language === 'en') throw fault(400, 'catalog.englishIsReference');
  if (!Object.hasOwn(SERVICE_TEXT_LANGUAGES, language)) throw fault(400, 'unsupportedLanguage', { language: code });
  return language;
}

const headerOf = (language: string) => `${SERVICE_TEXT_LANGUAGES[language] ?? language} (${language})`;

export async function localizableFieldsWorkbook(db: Queryable, service: ServiceRow, language: string, fieldHeader: string): Promise<Buffer> {
  const english = await englishTexts(db, service);
  const translated = await storedTexts(db, service.id, language);
  const { workbook, sheet } = tableWorkbook(service.name, [
    { header: fieldHeader, key: 'field', width: 22 },
    { header: 'English (en)', key: 'en', width: 60 },
    { header: headerOf(language), key: 'value', width: 60 },
  ]);
  markWorkbook(workbook, 'localizableFields', `${service.name}|${language}`);
  for (const field of LOCALIZABLE_FIELDS) sheet.addRow({ field, en: english[field], value: translated[field] ?? '' });
  sheet.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  sheet.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  return workbookBytes(workbook as ExcelJS.Workbook);
}

/** The texts an uploaded file holds for the service and language; anything else about it: "File format not supported". */
export async function textsFromWorkbook(base64: string, service: ServiceRow, language: string): Promise<Partial<FieldTexts>> {
  const { subject, rows } = await readUploadedWorkbook(base64, 'localizableFields');
  const [header, ...body] = rows;
  if (subject !== `${service.name}|${language}` || !header || !header[2]?.endsWith(`(${language})`)) throw fault(400, 'catalog.fileFormatNotSupported');
  const texts: Partial<FieldTexts> = {};
  for (const row of body) {
    const field = row[0] as LocalizableField;
    if (!row.some(Boolean)) continue;
    if (!(LOCALIZABLE_FIELDS as readonly string[]).includes(field) || Object.hasOwn(texts, field)) throw fault(400, 'catalog.fileFormatNotSupported');
    const value = row[2] ?? '';
    if (value.length > LOCALIZABLE_FIELD_MAX_LENGTH) throw fault(400, 'catalog.textTooLong', { field, max: LOCALIZABLE_FIELD_MAX_LENGTH });
    texts[field] = value;
  }
  return texts;
}

/** What saving `updated` would change, field by field (fields the file leaves out stay as they are). */
export async function previewOf(db: Queryable, service: ServiceRow, language: string, updated: Partial<FieldTexts>): Promise<LocalizableFieldsPreview> {
  const english = await englishTexts(db, service);
  const current = await storedTexts(db, service.id, language);
  const fields = LOCALIZABLE_FIELDS.map((field) => {
    const before = current[field] ?? '';
    const after = updated[field] ?? before;
    return { Field: field, English: english[field], Current: before, Updated: after, Changed: after !== before };
  });
  return { ServiceName: service.name, LanguageCode: language, Fields: fields, ChangedCount: fields.filter((field) => field.Changed).length };
}

/** Stores the texts of one language (an empty text removes the translation: readers see English). */
export async function saveTexts(tx: Queryable, serviceId: number, language: string, texts: Partial<FieldTexts>): Promise<void> {
  for (const [field, value] of Object.entries(texts)) {
    if (value === '') {
      await tx.query('DELETE FROM service_localizable_fields WHERE service_id = $1 AND language = $2 AND field = $3', [serviceId, language, field]);
    } else {
      await tx.query(
        `INSERT INTO service_localizable_fields (service_id, language, field, value) VALUES ($1, $2, $3, $4)
         ON CONFLICT (service_id, language, field) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [serviceId, language, field, value],
      );
    }
  }
  await tx.query('UPDATE services SET modified_at = now() WHERE id = $1', [serviceId]);
}
