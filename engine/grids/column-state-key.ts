/** localStorage key of the remembered column state: per user and per definition. */
export const columnStateKey = (userId: number | string, definitionId: string) => `grid-columns:${userId}:${definitionId}`;
