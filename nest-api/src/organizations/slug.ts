// Free slugs are looked up in the database; the one implementation lives with the organisations' SQL.
export { uniqueSlug } from './organizations.repository';
