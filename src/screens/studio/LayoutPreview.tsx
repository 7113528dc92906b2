import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutToFormModel, withWizardSteps, type AccountViews } from '../../../engine/forms';
import { defaultRendererRegistry, LayoutForm, useLayoutForm, WizardForm } from '../../../renderers/forms';
import type { WizardDefinition } from '../../../engine/forms';
import { callService } from '../../api';
import type { Capability } from '../../../contract';
import type { ViewLayout } from '../../../contract/services/account-schemas';
import type { LayoutReview } from '../../../contract/services/studio';
import { draftViewLayout, type ServerPreviewBasis } from '../../../engine/studio/draft-layout';
import { draftWizard } from '../../../engine/studio/draft-wizard';
import type { LayoutJson } from '../../../engine/studio/layout-edit';
import { LayoutUsagePanel } from './LayoutUsagePanel';
import { errorText } from './studio-errors';

type Action = 'VIEW' | 'EDIT' | 'CREATE';
type Tab = 'preview' | 'review';
type Roles = LayoutReview['Roles'];
const MODES = { VIEW: 'view', EDIT: 'edit', CREATE: 'create' } as const;
const NO_ROLES: Roles = [];

interface Props {
  name: string;
  /** The checked source (undefined while it fails a check): what the server previews and reviews. */
  source: string | undefined;
  /** The draft as edited now: the preview follows it in the browser, without waiting for the server. */
  draft: LayoutJson | undefined;
}

/** The layout as the chosen role would get it for the chosen action, and the field × role review. */
export function LayoutPreview({ name, source, draft }: Props) {
  const { t, i18n } = useTranslation();
  const [action, setAction] = useState<Action>('EDIT');
  const [roleId, setRoleId] = useState<number>();
  const [tab, setTab] = useState<Tab>('preview');
  const preview = useQuery({
    queryKey: ['studio', 'preview', name, action, source],
    queryFn: ({ signal }) =>
      callService('Studio', 'PreviewLayout', { name, source: source!, action }, { signal }) as Promise<{ Layout: ViewLayout; SampleViews: AccountViews; Basis: ServerPreviewBasis }>,
    enabled: source !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const review = useQuery({
    queryKey: ['studio', 'review', name, action, source],
    queryFn: ({ signal }) => callService('Studio', 'GetLayoutReview', { name, source: source!, action }, { signal }),
    enabled: source !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const roles = review.data?.Roles ?? NO_ROLES;
  // The draft's layout computed here on every edit; the server's only until the first draft arrives.
  const role = roles.find((entry) => entry.Id === roleId) ?? roles[0];
  const shown = useMemo(() => {
    if (!preview.data) return undefined;
    const computed = draft ? draftViewLayout(draft, action, preview.data.Basis, i18n.language, role?.Capabilities as Capability[] | undefined) : undefined;
    return computed ?? preview.data.Layout;
  }, [draft, action, preview.data, i18n.language, role]);
  // A wizard layout (issue 22) is previewed as its steps.
  const wizard = useMemo(() => draftWizard(draft, preview.data?.Basis, i18n.language), [draft, preview.data?.Basis, i18n.language]);

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }} data-testid="studio-preview">
      <PreviewToolbar tab={tab} action={action} roleId={role?.Id} roles={roles} onTab={setTab} onAction={setAction} onRole={setRoleId} />
      {source === undefined && <Alert severity="warning" data-testid="studio-preview-unchecked">{t('studio.preview.fixProblems')}</Alert>}
      {preview.error && <Alert severity="error">{errorText(preview.error, t)}</Alert>}
      {tab === 'preview' && preview.data && shown && role && (
        <PreviewForm key={`${role.Id}-${action}`} layout={shown} checked={preview.data.Layout} views={preview.data.SampleViews} action={action} capabilities={role.Capabilities as Capability[]} wizard={wizard} />
      )}
      {tab === 'review' && review.data && <ReviewMatrix review={review.data} />}
      {tab === 'review' && source !== undefined && <LayoutUsagePanel name={name} source={source} />}
    </Stack>
  );
}

/** Tab, action and role: memoised, so an edit of the draft (a new preview every keystroke) does not draw them again. */
const PreviewToolbar = memo(function PreviewToolbar({ tab, action, roleId, roles, onTab, onAction, onRole }: {
  tab: Tab;
  action: Action;
  roleId: number | undefined;
  roles: Roles;
  onTab(tab: Tab): void;
  onAction(action: Action): void;
  onRole(roleId: number): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <ToggleButtonGroup size="small" exclusive value={tab} onChange={(_event, value: Tab | null) => value && onTab(value)}>
        <ToggleButton value="preview">{t('studio.preview.title')}</ToggleButton>
        <ToggleButton value="review" data-testid="studio-review-tab">{t('studio.review.title')}</ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small" exclusive value={action} onChange={(_event, value: Action | null) => value && onAction(value)} aria-label={t('studio.preview.action')}>
        {(['VIEW', 'EDIT', 'CREATE'] as const).map((entry) => (
          <ToggleButton key={entry} value={entry} data-testid={`studio-action-${entry}`}>
            {t(`studio.preview.actions.${entry}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {tab === 'preview' && (
        <TextField
          select
          size="small"
          sx={{ minWidth: 200 }}
          label={t('studio.preview.role')}
          value={roleId ?? ''}
          onChange={(event) => onRole(Number(event.target.value))}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'studio-role' } as object } }}
        >
          {roles.map((entry) => (
            <MenuItem key={entry.Id} value={entry.Id}>
              {entry.Name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
});

/** The layout for a sample account holding the layout's defaults, so conditions start as on a new account. */
function PreviewForm({ layout, checked, views, action, capabilities, wizard }: { layout: ViewLayout; checked: ViewLayout; views: AccountViews; action: Action; capabilities: Capability[]; wizard?: WizardDefinition }) {
  const model = useMemo(() => {
    const input = { mode: MODES[action], views, capabilities, testers: defaultRendererRegistry.testers };
    // A wizard's steps of a kind (a ChooseAccount field as a choice; the preview has no account to offer parents for).
    const drawn = (shown: ViewLayout) => (wizard ? withWizardSteps(shown, wizard) : shown);
    try {
      return layoutToFormModel(drawn(layout), input);
    } catch {
      // A draft the engine cannot take: the last checked one, while its checks say why.
      return layoutToFormModel(drawn(checked), input);
    }
  }, [layout, checked, views, action, capabilities, wizard]);
  const form = useLayoutForm(model);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, maxHeight: 'calc(100vh - 380px)', overflow: 'auto' }}>
      {wizard ? <WizardForm wizard={wizard} form={form} /> : <LayoutForm form={form} />}
    </Box>
  );
}

/** The field column of the review matrix: stays put while the roles scroll sideways. */
const FIRST_COLUMN = { position: 'sticky', left: 0, bgcolor: 'background.paper', borderRight: 1, borderRightColor: 'divider' } as const;

function ReviewMatrix({ review }: { review: LayoutReview }) {
  const { t } = useTranslation();
  const cell = (entry: LayoutReview['Fields'][number]['Cells'][number]) =>
    [
      entry.Visible === 'conditional' ? t('studio.review.conditional') : null,
      entry.Editable ? t('studio.review.editable') : t('studio.review.readOnly'),
      entry.Required === 'yes' ? t('studio.review.required') : entry.Required === 'conditional' ? t('studio.review.requiredWhen') : null,
      entry.MfaGated ? t('studio.review.mfa') : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    // Every role: the table keeps its natural width and scrolls sideways; the field column stays in view.
    <Box sx={{ overflow: 'auto', maxHeight: 'calc(100vh - 380px)', maxWidth: '100%' }} data-testid="studio-review" tabIndex={0} role="region" aria-label={t('studio.review.title')}>
      <Table size="small" stickyHeader sx={{ width: 'max-content', minWidth: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...FIRST_COLUMN, zIndex: 3 }}>{t('studio.review.field')}</TableCell>
            {review.Roles.map((role) => (
              // Role names wrap: the columns fit the panel beside the editor.
              <TableCell key={role.Id} sx={{ minWidth: 96, maxWidth: 160, verticalAlign: 'bottom' }} data-testid="studio-review-role">
                {role.Name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {review.Fields.map((field) => (
            <TableRow key={field.Field}>
              <TableCell component="th" scope="row" sx={{ ...FIRST_COLUMN, whiteSpace: 'nowrap', zIndex: 1 }}>
                {field.Label}
              </TableCell>
              {field.Cells.map((entry, index) => (
                <TableCell key={review.Roles[index].Id} sx={{ fontSize: 12, color: review.Roles[index].CanOpen ? undefined : 'text.disabled' }} data-testid="studio-review-cell">
                  {review.Roles[index].CanOpen ? cell(entry) : t('studio.review.cannotOpen')}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
