/** Screen definitions read at run time (src/api/screen-definitions.ts), here for the screens that draw them. */
export { DEFINITIONS_PATH, DefinitionUnavailableError, useDefinitionLoader, useScreenDefinition } from '../../api/screen-definitions';
