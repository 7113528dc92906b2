import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface SecurityRecord {
  id: number;
  name: string;
  details: string;
  chips: string[];
  editable: boolean;
  deletable: boolean;
}

interface Props {
  title: string;
  testId: string;
  records: readonly SecurityRecord[];
  loading: boolean;
  emptyText: string;
  addLabel: string;
  /** Undefined: the caller may not add. */
  onAdd?: () => void;
  onOpen(id: number): void;
  onDelete(id: number): void;
}

/** A card listing capability sets or roles, with open/edit and delete per entry. */
export function SecurityRecordList({ title, testId, records, loading, emptyText, addLabel, onAdd, onOpen, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {onAdd && (
            <Button startIcon={<AddIcon />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </Stack>
        {loading && <LinearProgress />}
        {!loading && records.length === 0 && <Alert severity="info">{emptyText}</Alert>}
        <List dense disablePadding>
          {records.map((record) => (
            <ListItem
              key={record.id}
              divider
              data-testid={`${testId}-item`}
              secondaryAction={
                <Box>
                  <Tooltip title={record.editable ? t('admin.security.edit') : t('admin.security.view')}>
                    <IconButton
                      edge="end"
                      aria-label={t(record.editable ? 'admin.security.editNamed' : 'admin.security.viewNamed', { name: record.name })}
                      onClick={() => onOpen(record.id)}
                    >
                      {record.editable ? <EditOutlinedIcon /> : <VisibilityOutlinedIcon />}
                    </IconButton>
                  </Tooltip>
                  {record.deletable && (
                    <Tooltip title={t('admin.security.delete')}>
                      <IconButton edge="end" sx={{ ml: 0.5 }} aria-label={t('admin.security.deleteNamed', { name: record.name })} onClick={() => onDelete(record.id)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              }
              sx={{ pr: record.deletable ? 12 : 7 }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{record.name}</span>
                    {record.chips.map((chip) => (
                      <Chip key={chip} label={chip} size="small" variant="outlined" />
                    ))}
                  </Stack>
                }
                secondary={record.details}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
