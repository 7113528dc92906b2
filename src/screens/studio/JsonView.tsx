import Box from '@mui/material/Box';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { forceLinting, linter, type Diagnostic } from '@codemirror/lint';
import { StateEffect } from '@codemirror/state';
import { basicSetup, EditorView } from 'codemirror';
import { getJsonPointers, jsonCompletion, jsonSchemaLinter, stateExtensions } from 'codemirror-json-schema';
import { useEffect, useRef } from 'react';
import type { DefinitionProblem } from '../../../contract/services/studio';

interface Props {
  value: string;
  onChange(value: string): void;
  /** The published schema: validation and completion as you type (no code generated at run time). */
  schema: object | undefined;
  /** The server's checks, shown at their JSON pointer. */
  problems: readonly DefinitionProblem[];
}

/** The server's problems changed: its linter runs again. */
const problemsChanged = StateEffect.define<null>();

/** Problems → diagnostics at the value their pointer names (the nearest existing parent otherwise). */
function serverDiagnostics(view: EditorView, problems: readonly DefinitionProblem[]): Diagnostic[] {
  if (problems.length === 0) return [];
  // CodeMirror parses lazily: every pointer needs the whole document (a short budget left marks at the start, unseen).
  ensureSyntaxTree(view.state, view.state.doc.length, 5_000);
  const pointers = getJsonPointers(view.state, 'json4');
  const length = view.state.doc.length;
  return problems.map((problem) => {
    let path = problem.Path;
    let found = pointers.get(path);
    while (!found && path) {
      path = path.slice(0, path.lastIndexOf('/'));
      found = pointers.get(path);
    }
    // A property: from its key to the end of its value; the whole document: its start.
    const from = found ? found.keyFrom : 0;
    const to = found && 'valueTo' in found ? found.valueTo : Math.min(length, from + 1);
    return { from: Math.min(from, length), to: Math.min(Math.max(to, from), length), severity: 'error', source: problem.Rule, message: `${problem.Path || '/'}: ${problem.Message}` };
  });
}

/** The definition as JSON text in CodeMirror 6: schema validation and completion, and the server's checks inline. */
export function JsonView({ value, onChange, schema, problems }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const problemsRef = useRef(problems);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      doc: value,
      extensions: [
        basicSetup,
        json(),
        linter(jsonParseLinter()),
        ...(schema ? [linter(jsonSchemaLinter(), { delay: 300 }), json().language.data.of({ autocomplete: jsonCompletion() }), stateExtensions(schema as Parameters<typeof stateExtensions>[0])] : []),
        // Linted again when the server's answer changes (forceLinting alone does nothing once a lint has run).
        linter((current) => serverDiagnostics(current, problemsRef.current), { delay: 100, needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(problemsChanged))) }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChangeRef.current(update.state.doc.toString());
        }),
        EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { overflow: 'auto' } }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = undefined;
    };
    // The editor is made once per schema; the text follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    problemsRef.current = problems;
    if (!view.current) return;
    view.current.dispatch({ effects: problemsChanged.of(null) });
    forceLinting(view.current);
  }, [problems]);

  return <Box ref={host} data-testid="studio-json" sx={{ height: 'calc(100vh - 330px)', minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} />;
}
