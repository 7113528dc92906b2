import { MessageStack } from '../../messages/MessageStack';
import { AppThemeProvider } from '../../theme/AppThemeProvider';

/** The app's message stack on the first sign-in page, loaded only when a message is shown there. */
export default function FirstPageMessages() {
  return (
    <AppThemeProvider>
      <MessageStack />
    </AppThemeProvider>
  );
}
