/** `@docusaurus/theme-common`: the one export components commonly use; any other name is a bundle error at its import. */
export { useColorMode } from './useColorMode.js';
