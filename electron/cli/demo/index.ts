export { runDemo, type DemoOptions, type RunningDemo } from './run-demo'
export { startDemoServer, BRIDGE_PATH, type DemoServer, type DemoServerOptions } from './demo-server'
export { simulatorOnly } from './simulator-only-guard'
export { demoSecretStore, type DemoSecrets } from './demo-secret-store'
