export { VocabularyModule } from './vocabulary.module.js';
export { VOCABULARY_MIGRATIONS } from './migrations.js';
