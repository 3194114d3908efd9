/** Types of what eslint.config.js exports for tests of the lint rules. */
export declare const layers: Record<string, string[]>;
export declare const coreRules: Record<string, unknown>;
declare const config: unknown[];
export default config;
