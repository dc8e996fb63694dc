/** Sent by the API as the per-field message of `sparql_query`, next to the machine-readable `detail`. */
export const SPARQL_ERROR_TEXTS = {
  queryTooDeep: (levels: number) =>
    `De query is te diep genest: gebruik niet meer dan ${levels} niveaus van accolades, haakjes of blokhaken in elkaar.`,
  timeout: (seconds: number) =>
    `De query duurde langer dan ${seconds} seconden en is gestopt. Vereenvoudig de query of vraag minder op.`,
  workerCrashed:
    'De query kon niet worden uitgevoerd: de verwerking stopte onverwacht. Vereenvoudig de query of probeer het later opnieuw.',
  memoryLimit: (megabytes: number) =>
    `De query is gestopt omdat hij te veel geheugen gebruikte (meer dan ${megabytes} MB). Vereenvoudig de query, bijvoorbeeld met minder combinaties of kortere teksten.`,
  /** The same query again cannot help. */
  queryMemoryLimit: (megabytes: number) =>
    `De query is gestopt omdat hij meer dan ${megabytes} MB werkgeheugen nodig had, de grens per query. Vereenvoudig de query, bijvoorbeeld met minder combinaties, kortere teksten of zonder sorteren over alle combinaties.`,
  /** `found` is '' at the end of the text, 'ex:' for an undeclared prefix; `problem` is a rule broken though every word fits. */
  syntax: (line: number, column: number, found: string, problem?: { kind: string; variable: string }) =>
    `Regel ${line}, kolom ${column}: ` +
    (problem?.kind === 'ungrouped_variable'
      ? `${problem.variable} staat in SELECT, maar de query groepeert (GROUP BY of een telling als COUNT) zonder ${problem.variable}. Zet ${problem.variable} in GROUP BY, of gebruik bijvoorbeeld SAMPLE(${problem.variable}).`
      : problem?.kind === 'duplicate_column'
        ? `de kolomnaam ${problem.variable} komt twee keer voor in SELECT. Geef elke kolom een eigen naam.`
        : problem?.kind === 'variable_bound_twice'
          ? `${problem.variable} heeft hier al een waarde, dus BIND kan hem geen nieuwe geven. Kies na AS een andere naam.`
          : problem?.kind === 'values_length'
            ? 'niet elke rij van VALUES heeft evenveel waarden als er variabelen staan.'
            : found === ''
              ? 'de query houdt hier op terwijl er nog iets moet volgen, bijvoorbeeld een sluitende accolade.'
              : found.endsWith(':')
                ? `het prefix '${found}' is niet gedeclareerd. Voeg een PREFIX-regel toe.`
                : `hier verwacht de query iets anders dan '${found}'. Controleer de spelling en wat ervoor staat.`),
  /** The query itself is wrong, so the spec's text ('check of de dataset online is') would mislead. */
  syntaxTitle: 'De query bevat een fout en is niet uitgevoerd.',
  syntaxUnplaced: 'De query is geen geldige SPARQL. Controleer de spelling van de sleutelwoorden, de haakjes en de accolades.',
  answerTooLarge: (megabytes: number) =>
    `Het antwoord op de query is groter dan ${megabytes} MB. Vraag minder op, bijvoorbeeld met LIMIT of met minder variabelen.`,
  /** Refused rather than passed on as whole. */
  sourceIncomplete:
    'De gegevensbron leverde de dataset niet volledig aan, dus de download is gestopt. Probeer het later opnieuw of neem contact op met de eigenaar van de dataset.',
} as const;

/** The guard's own messages are English, for logs. */
export const SPARQL_REFUSAL_TEXTS: Readonly<Record<string, string>> = {
  empty_query: 'de query is leeg.',
  query_too_large: 'de query is te lang (hoogstens 64 kB).',
  query_too_deep: 'de query is te diep genest (hoogstens 64 niveaus van accolades, haakjes of blokhaken).',
  update_not_allowed: 'alleen SELECT, ASK, CONSTRUCT en DESCRIBE zijn toegestaan; SPARQL Update niet.',
  query_form_not_allowed: 'alleen SELECT, ASK, CONSTRUCT en DESCRIBE zijn toegestaan.',
  dataset_clause_not_allowed: 'FROM en FROM NAMED zijn niet toegestaan: de query loopt over de dataset waar hij heen gestuurd wordt.',
  service_not_allowed: 'SERVICE is niet toegestaan.',
};
