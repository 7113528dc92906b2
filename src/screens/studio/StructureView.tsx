import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefinitionProblem } from '../../../contract/services/studio';
import { ConditionEditor } from './ConditionEditor';
import { FieldAccessPanel } from './FieldAccessPanel';
import { FieldPropertyForm } from './FieldPropertyForm';
import { LayoutRootPanel } from './LayoutRootPanel';
import { OptionsPanel } from './OptionsPanel';
import { addField, fieldPointer, moveContainerTo, moveField, moveFieldTo, removeField, type FieldAt, type LayoutJson, type LayoutJsonField } from '../../../engine/studio/layout-edit';

interface Props {
  layout: LayoutJson;
  layoutSchema: unknown;
  selected: FieldAt | undefined;
  problems: readonly DefinitionProblem[];
  onSelect(at: FieldAt | undefined): void;
  onChange(layout: LayoutJson, select?: FieldAt): void;
}

/** What is being dragged in the tree: a field (by its place) or a container (page, index). */
type Dragged = { kind: 'field'; at: FieldAt } | { kind: 'container'; page: number; index: number };

/** A text of the layout's own English texts (server text keys are shown by their owner's name instead). */
const ownText = (layout: LayoutJson, key: unknown) => (typeof key === 'string' ? layout.Texts?.en?.[key] : undefined);

const problemsAt = (problems: readonly DefinitionProblem[], pointer: string) =>
  problems.filter((problem) => problem.Path === pointer || problem.Path.startsWith(`${pointer}/`));

/**
 * Pages → containers → fields as a tree: add, remove, reorder (drag a field or
 * a container, or Alt+↑/↓ on a field); the selected field's properties beside it.
 */
export function StructureView({ layout, layoutSchema, selected, problems, onSelect, onChange }: Props) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<Dragged>();
  const [over, setOver] = useState<string>();
  const selectedKey = selected?.join('/');
  // Rows redraw only when their field changes: their handlers read the current state here.
  const current = useRef({ layout, dragged, over, onChange });
  current.current = { layout, dragged, over, onChange };

  const drop = (target: FieldAt | { page: number; container: number }) => {
    setOver(undefined);
    const { layout, dragged, onChange } = current.current;
    if (!dragged) return;
    if (dragged.kind === 'field') {
      const to: FieldAt = Array.isArray(target) ? target : [target.page, target.container, layout.Pages[target.page].Containers[target.container].Fields.length];
      const moved = moveFieldTo(layout, dragged.at, to);
      onChange(moved.layout, moved.at);
    } else if (!Array.isArray(target) && target.page === dragged.page) {
      onChange(moveContainerTo(layout, target.page, dragged.index, target.container));
    }
    setDragged(undefined);
  };
  const dragProps = (key: string, target: FieldAt | { page: number; container: number }) => ({
    onDragOver: (event: React.DragEvent) => {
      if (!current.current.dragged) return;
      event.preventDefault();
      event.stopPropagation();
      if (current.current.over !== key) setOver(key);
    },
    onDrop: (event: React.DragEvent) => {
      event.preventDefault();
      event.stopPropagation();
      drop(target);
    },
  });
  const onFieldKey = (event: React.KeyboardEvent, at: FieldAt) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const moved = moveField(current.current.layout, at, event.key === 'ArrowUp' ? -1 : 1);
    current.current.onChange(moved.layout, moved.at);
    // The row is drawn anew at its new place: keep the keyboard on it.
    const name = current.current.layout.Pages[at[0]].Containers[at[1]].Fields[at[2]].Name;
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="studio-field-${CSS.escape(name)}"]`)?.focus());
  };

  return (
    // The properties get the larger share: their labels and inputs must be readable side by side.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(200px, 0.8fr) minmax(340px, 1.6fr)', gap: 2, minHeight: 0 }}>
      <Box sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 330px)', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="studio-tree" onDragEnd={() => setDragged(undefined)}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1.5, pt: 1 }}>
          {t('studio.structure.dragHint')}
        </Typography>
        {layout.Pages.map((page, p) => (
          <List key={`${page.Name}-${p}`} dense disablePadding subheader={<ListSubheader sx={{ lineHeight: '32px' }}>{`${t('studio.structure.page')}: ${ownText(layout, page.Label) ?? page.Name}`}</ListSubheader>}>
            {page.Containers.map((container, c) => (
              <Box
                key={`${container.Name}-${c}`}
                sx={{ pl: 1, outline: over === `c${p}/${c}` ? 2 : 0, outlineColor: 'primary.main', outlineStyle: 'dashed' }}
                data-testid={`studio-container-${p}-${c}`}
                {...dragProps(`c${p}/${c}`, { page: p, container: c })}
              >
                <Stack
                  direction="row"
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', container.Name);
                    setDragged({ kind: 'container', page: p, index: c });
                  }}
                  sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 0.5, cursor: 'grab' }}
                  data-testid={`studio-container-handle-${p}-${c}`}
                >
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                    <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled' }} />
                    <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
                      {ownText(layout, container.Label) ?? container.Name}
                    </Typography>
                  </Stack>
                  <Box>
                    <Tooltip title={t('studio.structure.moveContainerUp')}>
                      <span>
                        <IconButton size="small" disabled={c === 0} aria-label={t('studio.structure.moveContainerUp')} onClick={() => onChange(moveContainerTo(layout, p, c, c - 1))}>
                          <ArrowUpwardIcon fontSize="inherit" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('studio.structure.moveContainerDown')}>
                      <span>
                        <IconButton size="small" disabled={c === page.Containers.length - 1} aria-label={t('studio.structure.moveContainerDown')} onClick={() => onChange(moveContainerTo(layout, p, c, c + 1))}>
                          <ArrowDownwardIcon fontSize="inherit" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('studio.structure.addField')}>
                      <IconButton
                        size="small"
                        aria-label={t('studio.structure.addFieldTo', { container: container.Name })}
                        data-testid={`studio-add-field-${p}-${c}`}
                        onClick={() => {
                          const added = addField(layout, p, c, t('studio.structure.newFieldLabel'));
                          onChange(added.layout, added.at);
                        }}
                      >
                        <AddIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                </Stack>
                {container.Fields.map((field, f) => {
                  const at: FieldAt = [p, c, f];
                  const key = at.join('/');
                  return (
                    <FieldRow
                      key={`${field.Name}-${f}`}
                      field={field}
                      at={key}
                      selected={selectedKey === key}
                      dropHere={over === key}
                      problemCount={problems.length ? problemsAt(problems, fieldPointer(at)).length : 0}
                      onSelect={() => onSelect(at)}
                      onKeyDown={(event) => onFieldKey(event, at)}
                      onDragStart={() => setDragged({ kind: 'field', at })}
                      {...dragProps(key, at)}
                    />
                  );
                })}
              </Box>
            ))}
          </List>
        ))}
      </Box>
      {selected && layout.Pages[selected[0]]?.Containers[selected[1]]?.Fields[selected[2]] ? (
        <FieldProperties
          layout={layout}
          layoutSchema={layoutSchema}
          at={selected}
          field={layout.Pages[selected[0]].Containers[selected[1]].Fields[selected[2]]}
          problems={problemsAt(problems, fieldPointer(selected))}
          onChange={onChange}
          onRemoved={() => onSelect(undefined)}
        />
      ) : (
        <Stack spacing={1}>
          <Alert severity="info" variant="outlined">
            {t('studio.structure.selectField')}
          </Alert>
          <LayoutRootPanel layout={layout} layoutSchema={layoutSchema} onChange={(next) => onChange(next)} />
        </Stack>
      )}
    </Box>
  );
}

interface RowProps {
  field: LayoutJsonField;
  at: string;
  selected: boolean;
  dropHere: boolean;
  problemCount: number;
  onSelect(): void;
  onKeyDown(event: React.KeyboardEvent): void;
  onDragStart(): void;
  onDragOver(event: React.DragEvent): void;
  onDrop(event: React.DragEvent): void;
}

/** One field of the tree; a plain element (not a MUI list button) so a 1000-field tree redraws fast, and unchanged rows not at all. */
const FieldRow = memo(
  function FieldRow({ field, selected, dropHere, problemCount, onSelect, onKeyDown, onDragStart, onDragOver, onDrop }: RowProps) {
    const { t } = useTranslation();
    return (
      <Box
        role="button"
        tabIndex={0}
        draggable
        aria-pressed={selected}
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
        onClick={onSelect}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onSelect();
          } else onKeyDown(event);
        }}
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', field.Name);
          onDragStart();
        }}
        onDragOver={onDragOver}
        onDrop={onDrop}
        data-testid={`studio-field-${field.Name}`}
        sx={{
          pl: 2,
          pr: 1,
          py: 0.5,
          cursor: 'grab',
          borderTop: 2,
          borderTopColor: dropHere ? 'primary.main' : 'transparent',
          bgcolor: selected ? 'action.selected' : undefined,
          '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: -2 },
        }}
      >
        <Typography variant="body2">{field.Name}</Typography>
        <Typography variant="caption" color={problemCount ? 'error' : 'text.secondary'}>
          {problemCount ? t('studio.structure.problemCount', { count: problemCount }) : String(field.Type ?? (field.Options ? 'Enum' : 'String'))}
        </Typography>
      </Box>
    );
  },
  (before, after) =>
    before.field === after.field && before.at === after.at && before.selected === after.selected && before.dropHere === after.dropHere && before.problemCount === after.problemCount,
);

function FieldProperties({
  layout,
  layoutSchema,
  at,
  field,
  problems,
  onChange,
  onRemoved,
}: {
  layout: LayoutJson;
  layoutSchema: unknown;
  at: FieldAt;
  field: LayoutJsonField;
  problems: DefinitionProblem[];
  onChange: Props['onChange'];
  onRemoved(): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflow: 'auto', maxHeight: 'calc(100vh - 330px)' }} data-testid="studio-properties">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">{t('studio.structure.properties')}</Typography>
        <Box>
          <IconButton size="small" aria-label={t('studio.structure.moveUp')} onClick={() => onChange(moveField(layout, at, -1).layout, moveField(layout, at, -1).at)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={t('studio.structure.moveDown')} onClick={() => onChange(moveField(layout, at, 1).layout, moveField(layout, at, 1).at)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('studio.structure.remove')}
            data-testid="studio-remove-field"
            onClick={() => {
              onChange(removeField(layout, at));
              onRemoved();
            }}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      </Stack>
      {problems.map((problem) => (
        <Alert key={`${problem.Path}-${problem.Rule}`} severity="error" data-testid="studio-field-problem">
          {`${problem.Path}: ${problem.Message}`}
        </Alert>
      ))}
      {(field.Type === 'Enum' || field.Type === 'MultiEnum' || Array.isArray(field.Options)) && <OptionsPanel layout={layout} at={at} field={field} onChange={onChange} />}
      <FieldAccessPanel layout={layout} at={at} field={field} onChange={onChange} />
      <FieldPropertyForm layoutSchema={layoutSchema} layout={layout} at={at} onChange={onChange} />
      <ConditionEditor layout={layout} at={at} field={field} onChange={onChange} />
    </Stack>
  );
}
