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

/** The users on or below the account the caller reaches (the last id of its AccountPath), itself left out. */
export async function fetchImpersonationCandidates(accountPath: string, ownId: number, signal?: AbortSignal): Promise<ImpersonationCandidate[]> {
  const reach = Number(accountPath.split('/').at(-1));
  const rows: unknown = await callService('Account', 'GetUsersForCompany', { accountId: reach }, { signal });
  return (Array.isArray(rows) ? rows : [])
    .filter(isCandidate)
    .filter((row) => row.AccountId !== ownId)
    .map((row) => ({ ...row, ParentDisplayName: typeof row.ParentDisplayName === 'string' ? row.ParentDisplayName : '' }));
}

export const candidateLabel = (candidate: ImpersonationCandidate) => `${candidate.DisplayName} (${candidate.Username})`;
