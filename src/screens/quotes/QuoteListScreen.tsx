import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { hasCapabilityFlag } from './quote-access';
import { useCurrentUser } from '../../session/current-user';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/** A quotes list from its screen definition (server-paged); a row opens the quote, New quote opens the editor. */
export function QuoteListScreen({ definitionName, title }: { definitionName: 'quotes' | 'customer-quotes'; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const mayCreate = hasCapabilityFlag(user?.Capability, 'Create');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t(title)}
        </Typography>
        {mayCreate && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/quotes/new')} data-testid="new-quote">
            {t('quotes.editor.newQuote')}
          </Button>
        )}
      </Stack>
      <DefinitionGridScreen name={definitionName} showTitle={false} onRowOpen={(row) => navigate(`/quotes/${String(row.Id)}`)} />
    </Box>
  );
}
