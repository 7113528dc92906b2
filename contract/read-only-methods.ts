/**
 * Methods that only read, told by their name (the catalogue's naming rule): calling one cannot change
 * data, who the caller is or what it may do. The server logs them quieter and keeps its caller cache
 * on them; the client may repeat one the server shed as busy.
 */
export const isReadOnlyMethod = (method: string) => /^(Get|List|Load|Search|Has|Export|Ping|Validate|Resolve)/.test(method);

/**
 * Methods a preview may send (the studio draws a draft against real data but changes nothing): those that
 * only read, and those whose name says they compute or hand out a copy of what exists (a report run, a
 * download, a generated PDF, a search of the catalogue, a check). Anything else — a save, an accept, a
 * cancel — is answered "not sent" in a preview, whatever capability it needs.
 */
export const isPreviewSafeMethod = (method: string) =>
  isReadOnlyMethod(method) || /^(Run|Explore|Download|Generate|Onlinebill_Generate|Preview|Check|Diff|Count)|Export$|Download$/.test(method);
