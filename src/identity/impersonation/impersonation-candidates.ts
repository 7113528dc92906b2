import { callService } from '../../api';

/** A user the dialog offers (Account/GetUsersForCompany rows). */
export interface ImpersonationCandidate {
  AccountId: number;
  Username: string;
  DisplayName: string;
  ParentDisplayName: string;
}

const isCandidate = (row: unknown): row is ImpersonationCandidate => {
  if (typeof row !== 'object' || row === null) return false;
  const value = row as Record<string, unknown>;
  return typeof value.AccountId === 'number' && typeof value.Username === 'string' && typeof value.DisplayName === 'string';
};

/** The users on or below an account within the caller's reach, the caller left out. */
export async function fetchImpersonationCandidates(accountId: number, ownId: number, signal?: AbortSignal): Promise<ImpersonationCandidate[]> {
  const rows: unknown = await callService('Account', 'GetUsersForCompany', { accountId }, { signal });
  return (Array.isArray(rows) ? rows : [])
    .filter(isCandidate)
    .filter((row) => row.AccountId !== ownId)
    .map((row) => ({ ...row, ParentDisplayName: typeof row.ParentDisplayName === 'string' ? row.ParentDisplayName : '' }));
}

export const candidateLabel = (candidate: ImpersonationCandidate) => `${candidate.DisplayName} (${candidate.Username})`;
