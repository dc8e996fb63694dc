export const FEDERATION_LABELS = {
  title: 'Vragen over meerdere datasets',
  intro:
    'Stel één SPARQL-vraag aan meerdere datasets tegelijk. Elke dataset is een benoemde graaf (zijn IRI) met precies het deel dat uw organisatie mag lezen.',
  link: 'Vragen over meerdere datasets',
  linkNote: 'combineer datasets die u mag lezen in één SPARQL-vraag',
  choose: 'Kies datasets',
  chooseHint: 'Met ‘Voorbeeldquery maken’ komt een query met deze datasets in het veld; daarna kunt u hem aanpassen.',
  none: 'Uw organisatie mag nog geen datasets lezen. Vraag toegang aan op de pagina van een dataset.',
  example: 'Voorbeeldquery maken',
  pickOne: 'Kies ten minste één dataset voor de voorbeeldquery.',
  scopes: (scopes: string) => `Wat u mag lezen: ${scopes}`,
  endpoint: (url: string) => `Voor scripts: hetzelfde endpoint is ${url} (met een API-token).`,
} as const;
