export { attachCobrowse } from './cobrowse-sessions';
