import { callService } from '../../api';

/** A user the dialog lists (Authorization/GetImpersonationCandidates rows): `Refusal` says why Impersonate would refuse them. */
export interface ImpersonationCandidate {
  AccountId: number;
  Username: string;
  DisplayName: string;
  ParentDisplayName: string;
  Refusal: string | null;
}

/** The users on or below an account within the caller's reach (the caller left out by the server), each with why not. */
export async function fetchImpersonationCandidates(accountId: number, signal?: AbortSignal): Promise<ImpersonationCandidate[]> {
  return callService('Authorization', 'GetImpersonationCandidates', { accountId }, { signal });
}

export const candidateLabel = (candidate: ImpersonationCandidate) => `${candidate.DisplayName} (${candidate.Username})`;
