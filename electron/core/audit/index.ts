export * from './audit-log'
