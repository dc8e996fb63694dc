export const JOB_LABELS = {
  title: 'Taken',
  intro: 'Terugkerende taken van het platform. Elke taak draait één keer per interval, hoeveel API-processen er ook draaien; een mislukte poging wordt later opnieuw geprobeerd.',
  name: 'Taak',
  interval: 'Interval',
  lastRun: 'Laatste uitvoering',
  outcome: 'Uitkomst',
  nextRun: 'Volgende uitvoering',
  never: 'Nog niet uitgevoerd',
  disabled: 'Uitgeschakeld',
  outcomes: { running: 'Bezig', ok: 'Gelukt', failed: 'Mislukt' } as Record<string, string>,
  attempt: (attempt: number) => `poging ${attempt}`,
  every: (seconds: number) =>
    seconds % 86400 === 0 ? `elke ${seconds / 86400 === 1 ? 'dag' : `${seconds / 86400} dagen`}`
    : seconds % 3600 === 0 ? `elk${seconds / 3600 === 1 ? ' uur' : `e ${seconds / 3600} uur`}`
    : seconds % 60 === 0 ? `elke ${seconds / 60 === 1 ? 'minuut' : `${seconds / 60} minuten`}`
    : `elke ${seconds} seconden`,
  /** An unknown (newly registered) job shows its technical name. */
  names: {
    discovery: 'Databronnen en datasets controleren',
    'licence-sync': 'Licenties van applicaties ophalen',
    'insight-purge': 'Oude gebruiksgegevens verwijderen',
    'expiry-reminders': 'Herinneringen over aflopende machtigingen en API-tokens',
    'job-runs-prune': 'Oude taakuitvoeringen opruimen',
    'events-purge': 'Oude gebeurtenissen en webhook-afleveringen opruimen',
    'attempt-counters-prune': 'Verlopen tellers van inlogpogingen opruimen',
    'idempotency-keys-prune': 'Verlopen Idempotency-Keys van herhaalde verzoeken opruimen',
  } as Record<string, string>,
} as const;

export type ExpiryReminder = '14d' | '3d' | 'ended';

const whenText = (reminder: ExpiryReminder, date: string) =>
  reminder === 'ended' ? `is op ${date} verlopen` : `verloopt op ${date}`;

/** ADR 0024: 14 and 3 days before the end, and the day after it. */
export const REMINDER_MAILS = {
  authorisation: (fields: { reminder: ExpiryReminder; dataset: string; grantor: string; receiver: string; categories: string[]; date: string; link: string }) => ({
    subject:
      fields.reminder === 'ended'
        ? `Machtiging voor ${fields.dataset} is verlopen`
        : `Machtiging voor ${fields.dataset} verloopt op ${fields.date}`,
    text: [
      'Beste gebruiker,',
      '',
      `De machtiging van ${fields.grantor} aan ${fields.receiver} voor de dataset ${fields.dataset} ${whenText(fields.reminder, fields.date)}.`,
      `Categorieën: ${fields.categories.join(', ')}.`,
      '',
      fields.reminder === 'ended'
        ? `Is de toegang nog nodig? Maak dan een nieuwe machtiging aan: ${fields.link}`
        : `Moet de toegang langer blijven? Maak op tijd een nieuwe machtiging aan: ${fields.link}`,
      '',
      'Met vriendelijke groet,',
      'Datahub Tuinbouw',
    ].join('\n'),
  }),
  apiToken: (fields: { reminder: ExpiryReminder; name: string; date: string; link: string }) => ({
    subject: fields.reminder === 'ended' ? `API-token '${fields.name}' is verlopen` : `API-token '${fields.name}' verloopt op ${fields.date}`,
    text: [
      'Beste gebruiker,',
      '',
      `Het API-token '${fields.name}' ${whenText(fields.reminder, fields.date)}. Programma's die het gebruiken krijgen daarna geen toegang meer.`,
      '',
      `Maak zo nodig een nieuw token aan: ${fields.link}`,
      '',
      'Met vriendelijke groet,',
      'Datahub Tuinbouw',
    ].join('\n'),
  }),
} as const;
