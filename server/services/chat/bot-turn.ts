/**
 * Runs the help bot (help-bot.ts) without loading botbuilder before the first chat needs it: botbuilder
 * is imported at the first turn and the bot built on it kept.
 */
import { createHelpBot, type HelpBotTurns, type HelpTurn, type HelpTurnResult } from './help-bot';

let helpBot: Promise<HelpBotTurns> | undefined;

export async function runHelpBot(turn: HelpTurn, welcome = false): Promise<HelpTurnResult> {
  helpBot ??= import('botbuilder').then(createHelpBot);
  helpBot.catch(() => (helpBot = undefined));
  return (await helpBot)(turn, welcome);
}

export type { HelpTurn, HelpTurnResult };
