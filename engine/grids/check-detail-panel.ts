/**
 * Checks of the detail panel a schema cannot say: its load, buttons and files name methods of the
 * catalogue with the parameters they bind, a download's method answers a file, an upload says how the
 * file is sent, and a title's values come with a title.
 */
import type { MethodContract } from '../../contract/define';
import type { ScreenDefinition } from './definition-schema';
import type { Checker, Path } from './checker';

/** Does the method answer a file ({FileName, ContentType, Content})? */
const answersFile = (contract: MethodContract): boolean => {
  const properties = (contract.result as { properties?: Record<string, unknown> }).properties ?? {};
  return 'Content' in properties && 'FileName' in properties;
};

function checkParams(check: Checker, path: Path, contract: MethodContract | undefined, fields: Readonly<Record<string, string>>): void {
  for (const param of Object.keys(fields)) check.param([...path, param], contract, param, 'parameter');
}

export function checkDetailPanel(check: Checker, definition: ScreenDefinition): void {
  const panel = definition.detailPanel;
  if (!panel) return;
  if (panel.load) {
    const contract = check.method(['detailPanel', 'load'], panel.load.service, panel.load.method);
    check.param(['detailPanel', 'load', 'idParam'], contract, panel.load.idParam, 'idParam');
  }
  if (panel.titleValues && !panel.title) check.add(['detailPanel', 'titleValues'], 'titleValues fill the placeholders of a title: give the panel a title');
  panel.fields.forEach((field, index) => {
    if (field.type === 'progress' && !field.totalField) check.add(['detailPanel', 'fields', index], 'a progress field needs totalField, the whole its value is a part of');
    if (field.totalField && field.type !== 'progress') check.add(['detailPanel', 'fields', index, 'totalField'], 'totalField is for progress fields');
  });
  if (panel.follow && !panel.load) check.add(['detailPanel', 'follow'], 'a followed row is read again by load: give the panel a load');
  if (panel.grid) {
    if (panel.grid.definition === definition.id) check.add(['detailPanel', 'grid', 'definition'], 'the panel draws another definition, not its own');
    // A loaded row may carry more than the columns; without load the row is the grid's.
    const fields = new Set([...definition.columns.map((column) => column.field), definition.dataSource.rowId]);
    if (!panel.load) for (const [name, field] of Object.entries(panel.grid.context)) if (!fields.has(field)) check.add(['detailPanel', 'grid', 'context', name], `"${field}" is not a column: the row may not carry it`);
  }

  const ids = new Set<string>();
  (panel.buttons ?? []).forEach((button, index) => {
    const path = ['detailPanel', 'buttons', index];
    if (ids.has(button.id)) check.add([...path, 'id'], `button "${button.id}" appears twice`);
    ids.add(button.id);
    const contract = check.method(path, button.service, button.method);
    checkParams(check, [...path, 'fields'], contract, button.fields);
    if (button.requires) check.actionAccess([...path, 'requires'], contract, button.requires);
    if (button.kind === 'upload' && !button.upload) check.add(path, 'an upload button needs upload (nameParam, contentParam, extensions, refused, done)');
    if (button.kind === 'download' && button.upload) check.add([...path, 'upload'], 'a download button takes no upload: set kind to upload, or drop it');
    if (button.kind === 'download' && contract && !answersFile(contract)) check.add(path, `${button.service}/${button.method} does not answer a file ({FileName, ContentType, Content}) to download`);
    if (button.upload) {
      check.param([...path, 'upload', 'nameParam'], contract, button.upload.nameParam, 'nameParam');
      check.param([...path, 'upload', 'contentParam'], contract, button.upload.contentParam, 'contentParam');
    }
  });

  const files = panel.files;
  if (files) {
    const path = ['detailPanel', 'files', 'download'];
    const contract = check.method(path, files.download.service, files.download.method);
    checkParams(check, [...path, 'fields'], contract, files.download.fields);
    checkParams(check, [...path, 'fileFields'], contract, files.download.fileFields);
    if (Object.keys(files.download.fileFields).length === 0) check.add([...path, 'fileFields'], 'name at least one field of a file (its id) the method receives');
    if (contract && !answersFile(contract)) check.add(path, `${files.download.service}/${files.download.method} does not answer a file ({FileName, ContentType, Content}) to download`);
  }
}
