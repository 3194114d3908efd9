/** How serious a diagnostic is: `error` means content could not be converted as written. */
export type Severity = 'info' | 'warning' | 'error';

/** A recoverable conversion problem, reported instead of thrown. */
export interface Diagnostic {
  /** Stable identifier of the rule (`unknown-tag`, `unpaired-tag`, `raw-html`…). */
  ruleId: string;
  severity: Severity;
  message: string;
  /** 1-based line and column in the converted file, when known. */
  line?: number;
  column?: number;
  /** The file, when the caller knows it. */
  path?: string;
}
