// The workflows module of test workers: the service's workflows plus test-only ones.
export * from '../../workflows/index.ts';
export { countdownWorkflow } from './countdown.workflow.ts';
