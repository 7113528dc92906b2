/**
 * Methods that only read, told by their name (the catalogue's naming rule): calling one cannot change
 * data, who the caller is or what it may do. The server logs them quieter and keeps its caller cache
 * on them; the client may repeat one the server shed as busy.
 */
export const isReadOnlyMethod = (method: string) => /^(Get|List|Load|Search|Has|Export|Ping|Validate|Resolve)/.test(method);
