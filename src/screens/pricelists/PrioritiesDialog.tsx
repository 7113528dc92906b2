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
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { PricelistSummary } from './pricelist-types';
import { movedTo, priorityList } from './priority-order';

/**
 * The order of the caller's pricelists: first = priority 1. When a customer's
 * pricelists share a service, the one with the lowest number sets its price.
 * A pricelist is dragged to its place, or moved with its arrows (keyboard).
 */
export function PrioritiesDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const pricelists = useQuery({
    queryKey: ['pricelists'],
    queryFn: async ({ signal }) => (await callService('Marketplace', 'ListMarketplaces', {}, { signal })) as PricelistSummary[],
  });
  const [order, setOrder] = useState<PricelistSummary[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (pricelists.data) setOrder([...pricelists.data].sort((a, b) => a.PricePriority - b.PricePriority || a.Id - b.Id));
  }, [pricelists.data]);
  const [dragged, setDragged] = useState<number>();
  const [over, setOver] = useState<number>();
  const move = (from: number, to: number) => setOrder((current) => [...movedTo(current, from, to)]);
  const dragProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(order[index].Id));
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
      setDragged(undefined);
      setOver(undefined);
    },
    onDragEnd: () => {
      setDragged(undefined);
      setOver(undefined);
    },
  });
  const save = async () => {
    setBusy(true);
    try {
      await callService('Marketplace', 'SaveMarketplacePriority', {
        marketplacePriorityList: priorityList(order.map((pricelist) => pricelist.Id)),
      });
      onSaved();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('pricelists.priorities.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('pricelists.priorities.help')} {t('pricelists.priorities.dragHelp')}</DialogContentText>
        <List dense data-testid="pricelist-priorities">
          {order.map((pricelist, index) => (
            <ListItem
              key={pricelist.Id}
              {...dragProps(index)}
              data-testid={`pricelist-priority-${pricelist.Id}`}
              sx={{ cursor: 'grab', opacity: dragged === index ? 0.5 : 1, borderTop: 2, borderColor: over === index && dragged !== index ? 'primary.main' : 'transparent' }}
              secondaryAction={
                <>
                  <IconButton aria-label={t('pricelists.priorities.up')} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={t('pricelists.priorities.down')} disabled={index === order.length - 1} onClick={() => move(index, index + 1)}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <DragIndicatorIcon fontSize="small" sx={{ color: 'text.disabled' }} />
              </ListItemIcon>
              <ListItemText primary={`${index + 1}. ${pricelist.Name}`} secondary={pricelist.Currency} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pricelists.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || order.length === 0}>
          {t('pricelists.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
