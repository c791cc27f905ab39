// The package ships JavaScript only; this is the part the structured-data tests use.
declare module '@adobe/structured-data-validator' {
  export interface StructuredDataIssue {
    rootType: string;
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames?: string[];
    path?: unknown;
  }
  /** Google rich-result rules per type; with a schema.org vocabulary (JSON-LD) also its property lists. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: { jsonld?: Record<string, Record<string, unknown>[]> }): Promise<StructuredDataIssue[]>;
  }
}
