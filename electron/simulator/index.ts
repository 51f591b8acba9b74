export { startSimulator, type RunningSimulator, type SimulatorOptions } from './start-simulator'
export { DEMO_WORKSPACE_ID } from './data/demo-seed'
