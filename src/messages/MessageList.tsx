import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { Message, MessageStore } from './message-store';

/** Every current message as an Alert in one bottom-centred stack (loaded by MessageStack). */
export default function MessageList({ messages, store }: { messages: readonly Message[]; store: MessageStore }) {
  return (
    <Snackbar open={messages.length > 0} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      {/* The Snackbar's transition gives its child `direction="up"`: on the Stack that would lay the alerts out in a row. */}
      <div>
        <Stack spacing={1} sx={{ width: { xs: '100%', sm: 480 } }} data-testid="message-stack">
          {messages.map((message) => (
            <MessageAlert key={message.id} message={message} store={store} />
          ))}
        </Stack>
      </div>
    </Snackbar>
  );
}

function MessageAlert({ message, store }: { message: Message; store: MessageStore }) {
  const { t } = useTranslation();
  const close = () => store.remove(message.id);
  const actions = message.actions?.map((action) => (
    <Button
      key={action.label}
      color="inherit"
      size="small"
      onClick={() => {
        action.action();
        if (action.closeMessage) close();
      }}
    >
      {action.label}
    </Button>
  ));
  // Alert drops its own close button when given actions, so add it back beside them.
  const closeButton = message.closeDisabled ? null : (
    <IconButton key="close" color="inherit" size="small" title={t('common.close')} aria-label={t('common.close')} onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
  return (
    <Alert
      severity={message.type}
      variant="filled"
      data-testid="message"
      data-message-type={message.type}
      action={[...(actions ?? []), closeButton]}
      sx={{ whiteSpace: 'pre-line' }}
    >
      {message.title && <AlertTitle>{message.title}</AlertTitle>}
      {message.text}
    </Alert>
  );
}
