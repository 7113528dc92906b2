import { useState } from 'react';
import { newLine, lineEditorModel, type EditorLine, type ScreenDefinition } from '../../../engine/grids';
import { DefinedLines } from '../../../renderers/grids';
import type { Capability } from '../../../contract/capabilities';
import { gridServiceCaller } from '../list/grid-service-caller';

let previewKeys = 0;
const nextKey = () => ++previewKeys;

/**
 * A draft with a lineEditor previewed as its screen draws it: one new line to
 * type into (the rules, conditions and computed columns of the draft), editable
 * only for a role that holds lineEditor.requires. The lookup has no context
 * here (no customer), so it offers nothing and Add waits, as on the screen.
 */
export function LinesPreview({ definition, capabilities }: { definition: ScreenDefinition; capabilities: readonly Capability[] }) {
  const [lines, setLines] = useState<EditorLine[]>(() => {
    const model = lineEditorModel(definition, capabilities);
    return model ? [newLine(model, nextKey())] : [];
  });
  return (
    <DefinedLines
      definition={definition}
      capabilities={capabilities}
      context={{}}
      lines={lines}
      onChange={setLines}
      editable
      callService={gridServiceCaller}
      newKey={nextKey}
    />
  );
}
