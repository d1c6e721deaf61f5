/**
 * Refusals in the reader's language. The server answers every refusal with a stable `reason` (a key
 * of `content/refusals.<lng>.json`) and its `params`; the `message` is that text in the request's
 * language (`Accept-Language`), and the web app shows the same text from the same files. Templates
 * use `{{name}}` placeholders. A parameter named `stage`, `step` or ending in `Stage` is a stage
 * code and is shown as the stage's name; a list of them (`stages`) reads "A or B".
 */

export type RefusalParams = Readonly<Record<string, string | number | readonly number[]>>;

/** Looks up a stage's name in the reader's language. */
export type StageNamer = (code: number) => string;

const isStageParam = (name: string) => name === 'stage' || name === 'stages' || name === 'step' || /Stage$/.test(name);

/** The parameters as they read in `language` (stage codes become names, lists are joined). */
export function readableParams(params: RefusalParams, language: string, stageName: StageNamer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const one = (v: string | number) => (isStageParam(name) && typeof v === 'number' ? stageName(v) : String(v));
    if (Array.isArray(value)) {
      const parts = (value as readonly number[]).map(one);
      out[name] = new Intl.ListFormat(language, { type: 'disjunction' }).format(parts);
    } else {
      out[name] = one(value as string | number);
    }
  }
  return out;
}

/** Fills `{{name}}` placeholders; an unknown one stays as it is (a test keeps them all known). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The placeholders a template uses, for the completeness test. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}
