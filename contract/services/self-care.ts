import { Type } from '@sinclair/typebox';
import { method, Public, SignedIn } from '../define';

const Password = (description: string) => Type.String({ minLength: 1, maxLength: 1024, description });

export const SelfCare = {
  RequestResetPassword: method({
    summary: 'Send a password-reset link to the e-mail address of the given user.',
    params: { username: Type.String({ minLength: 1, maxLength: 256 }) },
    result: Type.Null(),
    access: Public,
  }),
  ResetPassword: method({
    summary: 'Set a new password with the token from the reset link.',
    params: {
      username: Type.String({ minLength: 1, maxLength: 256 }),
      newPassword: Password('New password; the password policy of spec §5 applies'),
      token: Type.String({ minLength: 1, maxLength: 1024, description: 'Token from the reset link' }),
    },
    result: Type.Null(),
    access: Public,
  }),
  ChangeMyPassword: method({
    summary: "Change the signed-in user's password (refused while impersonating).",
    params: {
      currentPassword: Password('Current password'),
      newPassword: Password('New password; the password policy of spec §5 applies'),
    },
    result: Type.Null(),
    access: SignedIn,
  }),
};
