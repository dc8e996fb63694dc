export const CATEGORY_PREDICATE =
  'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory';

export const DATASET_SCOPES = [
  { scope: 'Dataset.ReadAll', category: null, label: 'Alle data in deze dataset' },
  { scope: 'Dataset.ReadConstruction', category: 'Construction', label: 'Constructie' },
  { scope: 'Dataset.ReadWater', category: 'Water', label: 'Water' },
  { scope: 'Dataset.ReadHeating', category: 'Heating', label: 'Verwarming' },
  { scope: 'Dataset.ReadCrop', category: 'Crop', label: 'Gewassen' },
  { scope: 'Dataset.ReadGlass', category: 'Glass', label: 'Glas' },
  { scope: 'Dataset.ReadOther', category: 'Other', label: 'Overig' },
  { scope: 'Dataset.ReadRoof', category: 'Roof', label: 'Dak' },
  { scope: 'Dataset.ReadVenloGreenhouse', category: 'VenloGreenhouse', label: 'Venlo-kas' },
] as const;

export type DatasetScope = (typeof DATASET_SCOPES)[number]['scope'];

export function isDatasetScope(value: string): value is DatasetScope {
  return DATASET_SCOPES.some((entry) => entry.scope === value);
}
