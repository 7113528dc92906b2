/**
 * Chat support (extension, issue 38): the conversations whose users asked the help bot for a
 * person, as the support console lists them, and taking or ending one. Reading needs
 * SUPPORT_CONSOLE Read, answering SUPPORT_CONSOLE Execute; a conversation whose user is outside
 * the caller's reach answers 404 as an unknown one. The messages themselves travel over Direct
 * Line (contract/chat.ts) with the token JoinChatConversation answers.
 */
import { Type, type Static } from '@sinclair/typebox';
import { method, needs } from '../define';

const ConversationId = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$', examples: ['Q2hhdENvbnZlcnNhdGlvbj'], description: 'A chat conversation id' });

export const ChatConversationSchema = Type.Object({
  ConversationId: Type.String(),
  State: Type.Union([Type.Literal('waiting'), Type.Literal('live')]),
  UserAccountId: Type.Integer(),
  UserName: Type.String(),
  /** The user's company (or reseller, vendor), to tell who asks. */
  OrganisationName: Type.Union([Type.String(), Type.Null()]),
  Language: Type.String(),
  /** When the user asked for a person. */
  WaitingSince: Type.String(),
  AgentAccountId: Type.Union([Type.Integer(), Type.Null()]),
  AgentName: Type.Union([Type.String(), Type.Null()]),
  /** The user's last message, cut to 200 characters. */
  LastMessage: Type.Union([Type.String(), Type.Null()]),
});
export type ChatConversation = Static<typeof ChatConversationSchema>;

export const ChatSupport = {
  ListChatConversations: method({
    summary: 'The chat conversations within reach that wait for a person or are being answered, oldest first.',
    result: Type.Array(ChatConversationSchema),
    access: needs('SUPPORT_CONSOLE', 'Read'),
    extension: true,
  }),
  JoinChatConversation: method({
    summary: 'Takes a waiting conversation (or opens one the caller answers again) and answers a Direct Line token to answer it with.',
    params: { conversationId: ConversationId },
    result: Type.Object({ ConversationId: Type.String(), Token: Type.String() }),
    access: needs('SUPPORT_CONSOLE', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
  EndChatConversation: method({
    summary: 'Ends the person-to-person part of a conversation the caller answers: the help bot answers the user again.',
    params: { conversationId: ConversationId },
    result: Type.Object({}),
    access: needs('SUPPORT_CONSOLE', 'Execute'),
    refusals: [404, 409],
    extension: true,
  }),
};
