export { ConstrueModule } from './construe.module.js';
export { CONSTRUE_MIGRATIONS } from './migrations.js';
