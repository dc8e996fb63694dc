/** The rest are the dataset endpoint's (SPARQL_PROTOCOL_TEXTS). */
export const FEDERATION_TEXTS = {
  notReadable: (iri: string) => `Uw organisatie mag de dataset <${iri}> niet lezen (of die bestaat niet); haal hem uit FROM / FROM NAMED of vraag toegang aan.`,
  serviceNotReadable: (iri: string) => `Uw organisatie mag de dataset achter SERVICE <${iri}> niet lezen (of die bestaat niet); gebruik SERVICE SILENT om hem over te slaan of vraag toegang aan.`,
  offline: (iri: string) => `De dataset <${iri}> is offline; probeer het later opnieuw.`,
  description:
    'SPARQL 1.1 Protocol-endpoint over alle datasets die uw organisatie mag lezen: elke dataset is een benoemde graaf (zijn IRI), met precies het deel dat u mag lezen. FROM en FROM NAMED kiezen daaruit; zonder is de standaardgraaf leeg.',
} as const;
