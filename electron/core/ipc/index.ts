export * from './router'
