// The old door, kept while e2e specs that others are editing still import it; the door is use-cases.ts.
export * from './use-cases'
