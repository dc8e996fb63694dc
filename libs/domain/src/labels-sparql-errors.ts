/**
 * Dutch texts for SPARQL queries the hub refuses or stops (issue 19): sent by the API as the
 * per-field message of `sparql_query`, next to the machine-readable `detail`.
 */
export const SPARQL_ERROR_TEXTS = {
  queryTooDeep: (levels: number) =>
    `De query is te diep genest: gebruik niet meer dan ${levels} niveaus van accolades, haakjes of blokhaken in elkaar.`,
  timeout: (seconds: number) =>
    `De query duurde langer dan ${seconds} seconden en is gestopt. Vereenvoudig de query of vraag minder op.`,
  workerCrashed:
    'De query kon niet worden uitgevoerd: de verwerking stopte onverwacht. Vereenvoudig de query of probeer het later opnieuw.',
  memoryLimit: (megabytes: number) =>
    `De query is gestopt omdat hij te veel geheugen gebruikte (meer dan ${megabytes} MB). Vereenvoudig de query, bijvoorbeeld met minder combinaties of kortere teksten.`,
  answerTooLarge: (megabytes: number) =>
    `Het antwoord op de query is groter dan ${megabytes} MB. Vraag minder op, bijvoorbeeld met LIMIT of met minder variabelen.`,
} as const;
