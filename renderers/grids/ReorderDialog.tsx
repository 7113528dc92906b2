/**
 * A definition's reorder (schema/screen-frame.ts): the button, and the dialog listing the rows by
 * their order field, each dragged to its place or moved with its arrows (keyboard); the save sends
 * the new order, the rows reload.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applyBindings, movedTo, orderedRows, readAllRows, reorderBody, type ReorderDefinition, type ScreenContext, type ScreenDefinition, type TextRef } from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { errorText, type GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

export interface ReorderDialogProps {
  definition: ScreenDefinition;
  reorder: ReorderDefinition;
  context: ScreenContext;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  callService: GridServiceCaller;
  onError: (message: string) => void;
  onDone: (message: string) => void;
}

export function ReorderButton(props: ReorderDialogProps) {
  const { definition, reorder, text } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<ActionIcon name={reorder.icon} />} onClick={() => setOpen(true)} data-testid={`${definition.id}-${reorder.id}-open`}>
        {text(reorder.label)}
      </Button>
      {open && <ReorderDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReorderDialog({ definition, reorder, context, text, callService, onError, onDone, onClose }: ReorderDialogProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const rowId = definition.dataSource.rowId;
  const prefix = `${definition.id}-${reorder.id}`;
  const [order, setOrder] = useState<Row[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  const [loading] = useState(() => {
    const source = definition.dataSource;
    return Promise.resolve()
      .then(() => callService(source.service, source.method, applyBindings({}, source.params, context)))
      .then((answer) => setOrder(orderedRows(reorder, readAllRows(source, answer), rowId)))
      .catch((error: unknown) => {
        onError(errorText(error, t('grids.loadFailed')));
        onClose();
      });
  });
  void loading;
  const rows = order ?? [];
  const move = (from: number, to: number) => setOrder((current) => (current ? [...movedTo(current, from, to)] : current));
  const endDrag = () => {
    setDragged(undefined);
    setOver(undefined);
  };
  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(rows[index][rowId]));
      setDragged(index);
    },
    onDragOver: (event: DragEvent) => {
      if (dragged === undefined) return;
      event.preventDefault();
      setOver(index);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragged !== undefined) move(dragged, index);
      endDrag();
    },
    onDragEnd: endDrag,
  });
  const save = async () => {
    setBusy(true);
    try {
      await callService(reorder.save.service, reorder.save.method, reorderBody(reorder, rows, rowId));
      onDone(text(reorder.done));
      onClose();
    } catch (error) {
      onError(errorText(error, t('grids.actionFailedGeneric')));
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={`${prefix}-title`}>
      <DialogTitle id={`${prefix}-title`}>{text(reorder.title)}</DialogTitle>
      <DialogContent>
        {reorder.help && <DialogContentText>{reorder.help.map((help) => text(help)).join(' ')}</DialogContentText>}
        <List dense data-testid={`${prefix}-list`}>
          {rows.map((row, index) => (
            <ListItem
              key={String(row[rowId])}
              {...dragProps(index)}
              data-testid={`${prefix}-${String(row[rowId])}`}
              sx={{ cursor: 'grab', opacity: dragged === index ? 0.5 : 1, borderTop: 2, borderColor: over === index && dragged !== index ? 'primary.main' : 'transparent' }}
              secondaryAction={
                <>
                  <IconButton aria-label={t('grids.reorder.up')} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('grids.reorder.down')} disabled={index === rows.length - 1} onClick={() => move(index, index + 1)}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled' }} />
              </ListItemIcon>
              <ListItemText primary={`${index + 1}. ${String(row[reorder.labelField] ?? '')}`} secondary={reorder.detailField ? String(row[reorder.detailField] ?? '') : undefined} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || rows.length === 0} data-testid={`${prefix}-save`}>
          {text(reorder.saveLabel)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
