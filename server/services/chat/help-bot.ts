/**
 * The built-in help bot (issue 38), a Bot Framework `ActivityHandler`: it welcomes a new conversation,
 * answers "where is …" and "how do I …" from the help content with links to screens the user may open,
 * and hands over to a person when asked. It runs in-process on a small adapter that collects what the bot
 * sends (no Bot Connector, no HTTP). botbuilder takes seconds to load, so it is handed in (bot-turn.ts
 * imports it at the first turn): this module names its types only, and the server's bundle does not load
 * it at start.
 */
import type { Activity, ConversationReference, ResourceResponse, TurnContext } from 'botbuilder';
import { CHAT_STATE_EVENT, type ChatActivity, type ChatCardAction, type ChatConversationState } from '../../../contract/chat';
import type { Capability } from '../../../contract/capabilities';
import { translator, type Translate } from '../../texts';
import type { NewActivity } from './conversations';
import { botAccount } from './help-bot-account';
import { helpContent, helpLanguage, topicText, understand, type HelpContent } from './help-content';

/** What a turn knows besides the activity: who asks, what they may open, and where the conversation stands. */
export interface HelpTurn {
  activity: ChatActivity;
  conversationId: string;
  state: ChatConversationState;
  user: { id: number; name: string; language: string; capabilities: readonly Capability[] };
}

export interface HelpTurnResult {
  replies: NewActivity[];
  /** The user asked for a person (and was not waiting already). */
  handover: boolean;
}

const TURN = Symbol('portal help turn');
interface TurnState extends HelpTurn {
  handover: boolean;
  lang: string;
  t: Translate;
}

const openUrl = (title: string, path: string): ChatCardAction => ({ type: 'openUrl', title, value: `#${path}` });

/** What the bot sent, as the conversation stores it: plain text, hero cards of links, suggested replies, state events. */
function toNewActivity(sent: Partial<Activity>, from: ChatActivity['from']): NewActivity {
  if (sent.type === 'event') return { type: 'event', from, name: sent.name, value: sent.value as unknown };
  return {
    type: 'message',
    from,
    text: sent.text ?? '',
    textFormat: 'plain',
    ...(sent.locale ? { locale: sent.locale } : {}),
    ...(sent.attachments?.length ? { attachments: sent.attachments as ChatActivity['attachments'] } : {}),
    ...(sent.suggestedActions ? { suggestedActions: { actions: sent.suggestedActions.actions as ChatCardAction[] } } : {}),
  };
}

export type HelpBotTurns = (turn: HelpTurn, welcome?: boolean) => Promise<HelpTurnResult>;

/** The help bot built on botbuilder's classes: a function that runs one turn (the user's message, or the start of the conversation). */
export function createHelpBot(botbuilder: typeof import('botbuilder')): HelpBotTurns {
  const { ActivityHandler, ActivityTypes, BotAdapter, TurnContext: Context } = botbuilder;
  /** Collects the activities the bot sends in a turn, in order. */
  class CollectingAdapter extends BotAdapter {
    readonly sent: Partial<Activity>[] = [];

    async sendActivities(_context: TurnContext, activities: Partial<Activity>[]): Promise<ResourceResponse[]> {
      this.sent.push(...activities);
      return activities.map((_, index) => ({ id: String(this.sent.length - activities.length + index) }));
    }

    async updateActivity(): Promise<void> {
      throw new Error('the help bot does not update activities');
    }

    async deleteActivity(): Promise<void> {
      throw new Error('the help bot does not delete activities');
    }

    async continueConversation(_reference: Partial<ConversationReference>, _logic: (context: TurnContext) => Promise<void>): Promise<void> {
      throw new Error('the help bot answers only within a turn');
    }

    /** One turn through the adapter's middleware (none) to the bot. */
    turn(context: TurnContext, logic: (context: TurnContext) => Promise<void>): Promise<void> {
      return this.runMiddleware(context, logic);
    }
  }

  class PortalHelpBot extends ActivityHandler {
    constructor(private readonly content: HelpContent) {
      super();
      this.onMembersAdded(async (context, next) => {
        const turn = context.turnState.get(TURN) as TurnState;
        if (context.activity.membersAdded?.some((member) => member.id === context.activity.from.id)) {
          await context.sendActivity({ type: ActivityTypes.Message, text: turn.t('chat.bot.welcome', { name: turn.user.name }), locale: turn.lang });
        }
        await next();
      });
      this.onMessage(async (context, next) => {
        await this.answer(context, context.turnState.get(TURN) as TurnState);
        await next();
      });
    }

    private async answer(context: TurnContext, turn: TurnState): Promise<void> {
      // A person answers now: the bot stays silent.
      if (turn.state === 'live') return;
      const intent = understand(this.content, turn.lang, context.activity.text ?? '', turn.user.capabilities);
      if (turn.state === 'waiting') {
        if (intent.kind === 'handover') await context.sendActivity({ type: ActivityTypes.Message, text: turn.t('chat.bot.alreadyWaiting'), locale: turn.lang });
        return;
      }
      switch (intent.kind) {
        case 'handover':
          turn.handover = true;
          await context.sendActivities([
            { type: ActivityTypes.Message, text: turn.t('chat.bot.waiting'), locale: turn.lang },
            { type: ActivityTypes.Event, name: CHAT_STATE_EVENT, value: 'waiting' },
          ]);
          return;
        case 'greeting':
          await context.sendActivity({ type: ActivityTypes.Message, text: turn.t('chat.bot.welcome', { name: turn.user.name }), locale: turn.lang });
          return;
        case 'topics': {
          const [best, ...related] = intent.topicIds;
          const link = (topicId: string) => this.content.topics.get(topicId)!.link.replace('{userAccountId}', String(turn.user.id));
          const bestText = topicText(this.content, turn.lang, best);
          const buttons = [
            openUrl(turn.t('chat.bot.open', { title: bestText.title }), link(best)),
            ...related.map((topicId) => openUrl(topicText(this.content, turn.lang, topicId).title, link(topicId))),
          ];
          await context.sendActivity({
            type: ActivityTypes.Message,
            text: bestText.text,
            locale: turn.lang,
            attachments: [{ contentType: 'application/vnd.microsoft.card.hero', content: { title: bestText.title, buttons } }],
          });
          return;
        }
        case 'unknown':
          await context.sendActivity({
            type: ActivityTypes.Message,
            text: turn.t('chat.bot.notFound'),
            locale: turn.lang,
            suggestedActions: { to: [], actions: [{ type: 'imBack', title: turn.t('chat.bot.talkToPerson'), value: turn.t('chat.bot.talkToPerson') }] },
          });
      }
    }
  }


  const content = helpContent();
  const bot = new PortalHelpBot(content);

  return async (turn, welcome = false) => {
    const lang = helpLanguage(content, turn.activity.locale, turn.user.language);
    const t = translator(lang);
    const adapter = new CollectingAdapter();
    const botSide = botAccount(t);
    const user = { id: turn.activity.from.id, name: turn.user.name };
    const incoming = {
      type: welcome ? ActivityTypes.ConversationUpdate : ActivityTypes.Message,
      channelId: 'directline',
      serviceUrl: '',
      id: turn.activity.id,
      text: turn.activity.text,
      locale: lang,
      from: user,
      recipient: botSide,
      conversation: { id: turn.conversationId, isGroup: false, conversationType: 'personal', name: '' },
      ...(welcome ? { membersAdded: [user] } : {}),
    } as Activity;
    const context = new Context(adapter, incoming);
    const state: TurnState = { ...turn, handover: false, lang, t };
    context.turnState.set(TURN, state);
    await adapter.turn(context, (turnContext) => bot.run(turnContext));
    return { replies: adapter.sent.map((sent) => toNewActivity(sent, botSide)), handover: state.handover };
  };
}
