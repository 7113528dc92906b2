import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DefinitionProblem } from '../../contract/services/studio';
import {
  addField,
  englishText,
  fieldPointer,
  moveField,
  removeField,
  setFieldLabel,
  setFieldProperty,
  type FieldAt,
  type LayoutJson,
  type LayoutJsonField,
} from './layout-edit';

const FIELD_TYPES = ['String', 'Email', 'Number', 'Integer', 'Boolean', 'Date', 'Enum', 'MultiEnum', 'Multiline'] as const;

interface Props {
  layout: LayoutJson;
  selected: FieldAt | undefined;
  problems: readonly DefinitionProblem[];
  onSelect(at: FieldAt | undefined): void;
  onChange(layout: LayoutJson, select?: FieldAt): void;
}

/** A text of the layout's own English texts (server text keys are shown by their owner's name instead). */
const ownText = (layout: LayoutJson, key: unknown) => (typeof key === 'string' ? layout.Texts?.en?.[key] : undefined);

const problemsAt = (problems: readonly DefinitionProblem[], pointer: string) =>
  problems.filter((problem) => problem.Path === pointer || problem.Path.startsWith(`${pointer}/`));

/** Pages → containers → fields as a tree; add, remove, reorder; the selected field's properties beside it. */
export function StructureView({ layout, selected, problems, onSelect, onChange }: Props) {
  const { t } = useTranslation();
  const isSelected = (at: FieldAt) => selected?.join() === at.join();

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(220px, 1fr) minmax(260px, 1.2fr)', gap: 2, minHeight: 0 }}>
      <Box sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 330px)', border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="studio-tree">
        {layout.Pages.map((page, p) => (
          <List key={`${page.Name}-${p}`} dense disablePadding subheader={<ListSubheader sx={{ lineHeight: '32px' }}>{`${t('studio.structure.page')}: ${ownText(layout, page.Label) ?? page.Name}`}</ListSubheader>}>
            {page.Containers.map((container, c) => (
              <Box key={`${container.Name}-${c}`} sx={{ pl: 1 }}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', pl: 1 }}>
                  <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }}>
                    {ownText(layout, container.Label) ?? container.Name}
                  </Typography>
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
                </Stack>
                {container.Fields.map((field, f) => {
                  const at: FieldAt = [p, c, f];
                  const fieldProblems = problemsAt(problems, fieldPointer(at));
                  return (
                    <ListItemButton key={`${field.Name}-${f}`} selected={isSelected(at)} onClick={() => onSelect(at)} sx={{ pl: 2 }} data-testid={`studio-field-${field.Name}`}>
                      <ListItemText
                        primary={field.Name}
                        secondary={fieldProblems.length ? t('studio.structure.problemCount', { count: fieldProblems.length }) : String(field.Type ?? (field.Options ? 'Enum' : 'String'))}
                        slotProps={{ secondary: { color: fieldProblems.length ? 'error' : undefined } }}
                      />
                    </ListItemButton>
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
          at={selected}
          field={layout.Pages[selected[0]].Containers[selected[1]].Fields[selected[2]]}
          problems={problemsAt(problems, fieldPointer(selected))}
          onChange={onChange}
          onRemoved={() => onSelect(undefined)}
        />
      ) : (
        <Alert severity="info" variant="outlined">
          {t('studio.structure.selectField')}
        </Alert>
      )}
    </Box>
  );
}

function FieldProperties({ layout, at, field, problems, onChange, onRemoved }: { layout: LayoutJson; at: FieldAt; field: LayoutJsonField; problems: DefinitionProblem[]; onChange: Props['onChange']; onRemoved(): void }) {
  const { t } = useTranslation();
  const set = (key: string, value: unknown) => onChange(setFieldProperty(layout, at, key, value), at);
  const names = layout.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((entry) => entry.Name))).filter((name) => name !== field.Name);
  const condition = (field.VisibleWhen ?? undefined) as { Field?: string; Equals?: unknown } | undefined;
  const simpleCondition = !condition || ('Field' in condition && 'Equals' in condition && Object.keys(condition).length === 2);
  const problemOf = (key: string) => problems.find((problem) => problem.Path === `${fieldPointer(at)}/${key}`)?.Message;

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
      <TextField
        size="small"
        label={t('studio.structure.name')}
        value={field.Name}
        error={Boolean(problemOf('Name'))}
        helperText={problemOf('Name')}
        onChange={(event) => set('Name', event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'studio-prop-name' } }}
      />
      <TextField
        size="small"
        label={t('studio.structure.label')}
        value={englishText(layout, field.Label)}
        onChange={(event) => onChange(setFieldLabel(layout, at, event.target.value), at)}
        slotProps={{ htmlInput: { 'data-testid': 'studio-prop-label' } }}
      />
      <TextField
        select
        size="small"
        label={t('studio.structure.type')}
        value={typeof field.Type === 'string' ? field.Type : ''}
        onChange={(event) => set('Type', event.target.value || undefined)}
      >
        <MenuItem value="">{t('studio.structure.defaultType')}</MenuItem>
        {FIELD_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('studio.structure.pattern')}
        value={typeof field.Pattern === 'string' ? field.Pattern : ''}
        error={Boolean(problemOf('Pattern'))}
        helperText={problemOf('Pattern') ?? t('studio.structure.patternHelp')}
        onChange={(event) => set('Pattern', event.target.value || undefined)}
        slotProps={{ htmlInput: { 'data-testid': 'studio-prop-pattern' } }}
      />
      <FormControlLabel
        control={<Checkbox checked={field.Required === true} onChange={(event) => set('Required', event.target.checked ? true : undefined)} />}
        label={t('studio.structure.required')}
      />
      <FormControlLabel
        control={<Checkbox checked={field.MfaRequired === true} onChange={(event) => set('MfaRequired', event.target.checked ? true : undefined)} />}
        label={t('studio.structure.mfa')}
      />
      <Typography variant="subtitle2">{t('studio.structure.visibleWhen')}</Typography>
      {simpleCondition ? (
        <Stack direction="row" spacing={1}>
          <TextField
            select
            size="small"
            sx={{ flex: 1 }}
            label={t('studio.structure.conditionField')}
            value={condition?.Field ?? ''}
            onChange={(event) => set('VisibleWhen', event.target.value ? { Field: event.target.value, Equals: condition?.Equals ?? true } : undefined)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'studio-condition-field' } as object } }}
          >
            <MenuItem value="">{t('studio.structure.always')}</MenuItem>
            {names.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            sx={{ flex: 1 }}
            label={t('studio.structure.conditionEquals')}
            disabled={!condition}
            value={condition ? JSON.stringify(condition.Equals) : ''}
            helperText={t('studio.structure.conditionHelp')}
            onChange={(event) => {
              let value: unknown = event.target.value;
              try {
                value = JSON.parse(event.target.value);
              } catch {
                // Plain text stays a string.
              }
              if (condition?.Field) set('VisibleWhen', { Field: condition.Field, Equals: value });
            }}
          />
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('studio.structure.complexCondition')}
        </Typography>
      )}
    </Stack>
  );
}
