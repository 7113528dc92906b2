/**
 * Where the live connection goes (spec §7): the host root, or /ws/ in
 * development, where Vite's dev server proxies it to the API server.
 */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, development: boolean): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${development ? '/ws/' : '/'}`;
}
