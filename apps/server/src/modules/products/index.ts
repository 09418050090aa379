/** The products module as other modules see it: its repository (the catalog the engine reads). */
export { productsRepository } from './products.repository.ts';
