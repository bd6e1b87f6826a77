export * from './run-process';
