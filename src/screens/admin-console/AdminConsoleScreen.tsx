import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../session/current-user';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { sectionDefinition, sectionFor, visibleSections, type AdminSectionId } from './sections';
import { SecuritySection } from './security/SecuritySection';
import { StudioSection } from '../studio/StudioSection';

/** The sections drawn by a component; the others name their definition (sections.ts). */
const SECTION_CONTENT: Partial<Record<AdminSectionId, ComponentType>> = {
  Security: SecuritySection,
  Studio: StudioSection,
};

/** /admin-console/:methodName? — the operator's console (ADMINISTRATIVE Read). */
export default function AdminConsoleScreen() {
  const { t } = useTranslation();
  const { methodName } = useParams();
  const { data: user } = useCurrentUser();
  const capabilities = user?.Capability ?? [];
  const sections = visibleSections(capabilities);
  const section = sectionFor(methodName, capabilities);
  const Content = section ? SECTION_CONTENT[section] : undefined;
  const definition = section && sectionDefinition(section);

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="admin-console">
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('admin.title')}
      </Typography>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs value={section ?? false} variant="scrollable" allowScrollButtonsMobile aria-label={t('admin.title')}>
          {sections.map((entry) => (
            <Tab
              key={entry.id}
              value={entry.id}
              label={t(entry.labelKey)}
              component={RouterLink}
              to={`/admin-console/${entry.id}`}
              data-testid={`admin-tab-${entry.id}`}
            />
          ))}
        </Tabs>
      </Paper>
      {definition ? (
        <DefinitionGridScreen key={definition} name={definition} showTitle={false} whenRefused="hide" />
      ) : Content ? (
        <Content />
      ) : (
        <Alert severity="info">{t('admin.unknownSection', { name: methodName })}</Alert>
      )}
    </Box>
  );
}
