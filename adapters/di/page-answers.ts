/**
 * What the server-rendered first view needs from the adapters (adapters/http/page-answers.ts),
 * handed to ui/ through the composition root (rule ui-imports-adapters-only-through-di).
 */
export {
  PAGE_ANSWERS_ID,
  PageAnswerLog,
  PageAnswerReplay,
  type RecordedAnswers,
} from '../http/page-answers';
export { MemoryStorage } from '../storage/memory-storage';
