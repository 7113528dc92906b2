/**
 * Checks of a definition's head and file round trip that a schema cannot say: their methods and
 * parameters exist, an upload's requirement is one its method accepts, a refusal is named once,
 * and they stand above the rows of a grid.
 */
import type { ScreenDefinition } from './definition-schema';
import type { Checker } from './checker';

export function checkScreenHead(check: Checker, definition: ScreenDefinition): void {
  const { head, fileTransfer } = definition;
  const paging = definition.dataSource.paging.mode;
  const onGrid = paging === 'server' || paging === 'client';
  if (head) {
    if (head.source) {
      const contract = check.method(['head', 'source'], head.source.service, head.source.method);
      check.bindings(['head', 'source', 'params'], contract, head.source.params);
      const statuses = new Set<number>();
      (head.source.refusals ?? []).forEach((refusal, index) => {
        if (statuses.has(refusal.status)) check.add(['head', 'source', 'refusals', index, 'status'], `status ${refusal.status} is explained twice`);
        statuses.add(refusal.status);
      });
    }
    if (head.chips) {
      const contract = check.method(['head', 'chips'], head.chips.service, head.chips.method);
      check.bindings(['head', 'chips', 'params'], contract, head.chips.params);
    }
    if (!onGrid) check.add(['head'], 'a head is drawn above the rows of a grid');
  }
  if (fileTransfer) {
    const { download, upload } = fileTransfer;
    if (!download && !upload) check.add(['fileTransfer'], 'a file round trip needs a download, an upload or both');
    if (download) {
      const contract = check.method(['fileTransfer', 'download'], download.service, download.method);
      check.bindings(['fileTransfer', 'download', 'params'], contract, download.params);
    }
    if (upload) {
      const path = ['fileTransfer', 'upload'];
      const contract = check.method(path, upload.service, upload.method);
      check.bindings([...path, 'params'], contract, upload.params);
      check.param([...path, 'contentParam'], contract, upload.contentParam, 'contentParam');
      if (upload.nameParam) check.param([...path, 'nameParam'], contract, upload.nameParam, 'nameParam');
      if (upload.requires) check.actionAccess([...path, 'requires'], contract, upload.requires);
      if (upload.errors && !upload.savedField) check.add([...path, 'errors'], 'errors are shown for a file not saved: savedField says whether it was');
    }
    if (!onGrid) check.add(['fileTransfer'], 'a file round trip is drawn above the rows of a grid');
  }

  const dialog = definition.rowDialog;
  if (dialog) {
    const fields = new Set(definition.columns.map((column) => column.field));
    for (const [name, field] of Object.entries(dialog.context)) {
      if (!fields.has(field)) check.add(['rowDialog', 'context', name], `"${field}" is not a column: the row may not carry it (add it, hidden if need be)`);
    }
    if (dialog.definition === definition.id) check.add(['rowDialog', 'definition'], 'a row opens another definition, not its own');
    if (definition.detailPanel) check.add(['rowDialog'], 'a row opens either the detail panel or a dialog');
  }
  (definition.recordPage?.sections ?? []).forEach((section, sectionIndex) =>
    section.blocks.forEach((block, blockIndex) => {
      if (block.kind !== 'fileRoundTrip') return;
      const path = ['recordPage', 'sections', sectionIndex, 'blocks', blockIndex];
      if (!block.choice.options.some((option) => option.value === block.choice.default)) check.add([...path, 'choice', 'default'], `"${block.choice.default}" is not one of the options`);
      const download = check.method([...path, 'download'], block.download.service, block.download.method);
      check.bindings([...path, 'download', 'params'], download, block.download.params);
      const upload = check.method([...path, 'upload'], block.upload.service, block.upload.method);
      check.bindings([...path, 'upload', 'params'], upload, block.upload.params);
      check.param([...path, 'upload', 'contentParam'], upload, block.upload.contentParam, 'contentParam');
      const save = check.method([...path, 'save'], block.save.service, block.save.method);
      check.bindings([...path, 'save', 'params'], save, block.save.params);
      check.param([...path, 'save', 'rowsParam'], save, block.save.rowsParam, 'rowsParam');
    }),
  );
}
